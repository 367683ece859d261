// Global setup of the snapshot run: for every step of a fixture funnel that comes after the purchase
// (upsell, downsell, thank-you), a buyer of its own pays a main order at the funnel's checkout through the
// shop's API and answers the offers on the way to that step, so the step shows the real offer to that
// buyer's browser; likewise for each offer of a checkout trigger, after a shop order. They buy one after another, before any picture is taken, so order numbers (drawn in
// sequence by the fresh database) are the same on every run.
import { request, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import { TEST_ADDRESS } from '../../test-support/server/test-address';
import { signatureQuery } from '../../test-support/server/sign';
import { AFTER_PURCHASE, answersTo, fixtureFunnels, fixtureTriggers, triggerOffers } from './fixture-pages';
import { ORIGIN } from './playwright.config';
import { SNAPSHOT_NOW } from './stable';

/** A buyer's way to one step: their visitor id (the sakUUID cookie) and their main order's token. */
export interface StepBuyer {
  visitor: string;
  order: string;
}

/** Where the setup leaves the buyers for the tests (in the run's own data folder). */
export const BUYERS_FILE = join(import.meta.dirname, '.data/snapshot-buyers.json');
export const buyerKey = (funnel: string, step: string) => `${funnel}/${step}`;
/** A checkout trigger's offer by the trigger's place in fixtures/checkout-triggers.json (1 for the first). */
export const triggerKey = (index: number, type: string) => `checkout-trigger-${index + 1}/${type}`;

async function call<T>(api: APIRequestContext, visitor: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  // Payment calls are signed as the shop's browser code signs them, at the server's (fixed) time.
  const url = isSignedPaymentCall(method, path)
    ? `${path}?${signatureQuery({ origin: ORIGIN, visitor, body, t: Date.parse(SNAPSHOT_NOW) })}`
    : path;
  const response = await api.fetch(`/api${url}`, { method, headers: { customerUUID: visitor }, data: body });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200 && envelope.code !== 201) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** The test card that pays at once, tokenized at its provider. */
async function cardToken(api: APIRequestContext, visitor: string): Promise<string> {
  const card = await call<{ token: string }>(api, visitor, 'POST', '/payment-providers/test-card/tokens', {
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  return card.token;
}

interface FunnelProduct {
  funnel_checkout_product_selected: boolean;
  productData: { skus: { id: number; available: boolean }[] };
}

/** Pays a main order at the funnel's checkout: the product the checkout preselects, its first SKU. */
async function buyMainOrder(api: APIRequestContext, visitor: string, funnel: string, checkout: string): Promise<string> {
  const products = await call<FunnelProduct[]>(api, visitor, 'GET', `/funnel/${funnel}/funnelProducts`);
  const chosen = products.find((p) => p.funnel_checkout_product_selected) ?? products[0];
  const sku = chosen?.productData.skus.find((s) => s.available);
  if (!sku) throw new Error(`the checkout of funnel ${funnel} offers nothing to buy`);
  const { token } = await call<{ token: string }>(api, visitor, 'POST', '/multicurrency/calculatePrice', {
    funnel,
    pageId: checkout,
    lines: [{ skuId: sku.id, quantity: 1 }],
  });
  await call(api, visitor, 'POST', '/multicurrency/asyncPayInfoSave', {
    token,
    email: 'ada@example.com',
    shippingAddress: TEST_ADDRESS,
    shippingTemplateId: 1,
  });
  const paid = await call<{ status: string; orderToken: string }>(api, visitor, 'POST', '/multicurrency/funnel-buy', {
    checkoutToken: token,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(api, visitor),
    idempotencyKey: randomBytes(12).toString('hex'),
  });
  if (paid.status !== 'paid') throw new Error(`funnel ${funnel}: the main order is ${paid.status}, not paid`);
  return paid.orderToken;
}

/** Pays a shop order (buy now, the product's first SKU on sale) by card: its token. */
async function buyShopOrder(api: APIRequestContext, visitor: string, handle: string): Promise<string> {
  const product = await call<{ skus: { id: number; available: boolean }[] }>(
    api,
    visitor,
    'GET',
    `/multicurrency/products/handle/${handle}`,
  );
  const sku = product.skus.find((s) => s.available);
  if (!sku) throw new Error(`${handle} has nothing on sale`);
  const { token } = await call<{ token: string }>(api, visitor, 'POST', '/multicurrency/general/checkout', {
    buyNow: { skuId: sku.id, quantity: 1 },
  });
  await call(api, visitor, 'POST', '/multicurrency/asyncPayInfoSave', {
    token,
    email: 'ada@example.com',
    shippingAddress: TEST_ADDRESS,
    shippingTemplateId: 1,
  });
  const paid = await call<{ status: string; orderToken: string }>(api, visitor, 'POST', '/payment/create-order', {
    checkoutToken: token,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(api, visitor),
    idempotencyKey: randomBytes(12).toString('hex'),
  });
  if (paid.status !== 'paid') throw new Error(`the shop order of ${handle} is ${paid.status}, not paid`);
  return paid.orderToken;
}

/** Opens a step as the buyer (an offer step places the offer's order then), answering its offer if told. */
async function openStep(api: APIRequestContext, visitor: string, funnel: string, step: string, order: string) {
  return call<{ offer?: { token: string } }>(
    api,
    visitor,
    'GET',
    `/multicurrency/funnel/${funnel}?pageId=${step}&order=${order}`,
  );
}

export default async function buyFunnelSteps() {
  const api = await request.newContext({ baseURL: ORIGIN });
  const buyers: Record<string, StepBuyer> = {};
  let n = 0;
  for (const funnel of fixtureFunnels()) {
    for (const step of funnel.steps.filter((s) => AFTER_PURCHASE.includes(s.type))) {
      const answers = answersTo(funnel, step.id);
      if (!answers) throw new Error(`no buyer can reach step ${step.id} of funnel ${funnel.handle}`);
      const visitor = `5a95a0b5-0000-4000-8000-${String(++n).padStart(12, '0')}`;
      const checkout = funnel.steps.find((s) => s.type === 'checkout')!.id;
      const order = await buyMainOrder(api, visitor, funnel.handle, checkout);
      for (const answer of answers) {
        const shown = await openStep(api, visitor, funnel.handle, answer.step, order);
        if (!shown.offer) throw new Error(`step ${answer.step} of funnel ${funnel.handle} showed no offer`);
        await call(api, visitor, 'POST', '/multicurrency/upsell', { token: shown.offer.token, decision: answer.decision });
      }
      await openStep(api, visitor, funnel.handle, step.id, order);
      buyers[buyerKey(funnel.handle, step.id)] = { visitor, order };
    }
  }
  // The offers after the shop's own checkout: a shop order of a product the trigger names, paid by card, then
  // the upsell shown (and declined, for the downsell).
  for (const [index, trigger] of fixtureTriggers().entries()) {
    for (const { type } of triggerOffers(trigger)) {
      const visitor = `5a95a0b5-0000-4000-8000-${String(++n).padStart(12, '0')}`;
      const order = await buyShopOrder(api, visitor, trigger.products[0] ?? 'linen-shirt');
      const upsell = await call<{ offer?: { token: string } }>(
        api,
        visitor,
        'GET',
        `/site-checkout-trigger/${order}/nextproduct?type=upsell`,
      );
      if (!upsell.offer) throw new Error(`checkout trigger ${trigger.name} showed no upsell`);
      if (type === 'downsell') {
        await call(api, visitor, 'POST', '/multicurrency/upsell', { token: upsell.offer.token, decision: 'decline' });
        await call(api, visitor, 'GET', `/site-checkout-trigger/${order}/nextproduct?type=downsell`);
      }
      buyers[triggerKey(index, type)] = { visitor, order };
    }
  }
  await api.dispose();
  writeFileSync(BUYERS_FILE, JSON.stringify(buyers, null, 2));
}
