// Global setup of the snapshot run: for every step of a fixture funnel that comes after the purchase
// (upsell, downsell, thank-you), a buyer of its own pays a main order at the funnel's checkout through the
// shop's API and answers the offers on the way to that step, so the step shows the real offer to that
// buyer's browser. They buy one after another, before any picture is taken, so order numbers (drawn in
// sequence by the fresh database) are the same on every run.
import { request, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import { TEST_ADDRESS } from '../../test-support/server/test-address';
import { signatureQuery } from '../../test-support/server/sign';
import { AFTER_PURCHASE, answersTo, fixtureFunnels } from './fixture-pages';
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
  const card = await call<{ token: string }>(api, visitor, 'POST', '/payment-providers/test-card/tokens', {
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  const paid = await call<{ status: string; orderToken: string }>(api, visitor, 'POST', '/multicurrency/funnel-buy', {
    checkoutToken: token,
    paymentMethodCode: 'card',
    paymentToken: card.token,
    idempotencyKey: randomBytes(12).toString('hex'),
  });
  if (paid.status !== 'paid') throw new Error(`funnel ${funnel}: the main order is ${paid.status}, not paid`);
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
  await api.dispose();
  writeFileSync(BUYERS_FILE, JSON.stringify(buyers, null, 2));
}
