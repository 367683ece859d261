// The demo funnel (fixtures/funnels/summer-linen.json) over the API, as a shopper's browser goes through
// it: the funnel checkout's products checked by the server, the main order paid with funnel-buy, then the
// one-click offers (upsell, downsell) charged with the main order's payment, answered once however often
// they are sent, expired by the server's clock, and the thank-you step showing every order.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkout,
  FunnelDocument,
  FunnelStepView,
  OfferAnswer,
  OfferValidity,
  PaymentOutcome,
} from '../../schemas/generated/api';
import { evergreenDeadlines, funnelEvents, funnelOffers } from '../db/funnel-schema';
import { orders } from '../db/order-schema';
import { payments } from '../db/payment-schema';
import { buyInFunnel, idempotencyKey, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku, setStock, stockOf } from '../../test-support/server/skus';
import { createTestShop, merchantHeaders, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let shirt: number;
let tee: number;
let socks: number;
let socksPrice: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  tee = (await firstSku(shop, 'organic-cotton-tee')).id;
  socks = (await firstSku(shop, 'crew-socks-3-pack')).id;
  const product = await shop.api().products.byHandle('crew-socks-3-pack');
  socksPrice = product.skus[0]!.price.amount;
});
afterAll(() => shop?.close());

const choose = (call: Call, lines: { skuId: number; quantity: number }[], checkoutToken?: string) =>
  call<Checkout>('POST', '/multicurrency/calculatePrice', {
    funnel: 'summer-linen',
    pageId: 'checkout',
    lines,
    ...(checkoutToken ? { checkoutToken } : {}),
  });

const step = (call: Call, pageId: string, order?: string) =>
  call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=${pageId}${order ? `&order=${order}` : ''}`);

/** A buyer of the demo funnel's checkout: the shirt, paid (the test card unless a method is named). */
async function buyer(method: 'card' | 'paypal' | 'ideal' | 'klarna' = 'card') {
  const visitor = newVisitor();
  const call = shopperOf(shop, visitor);
  const { outcome, checkoutToken } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], {
    method,
    ...(method === 'ideal' ? { bank: 'ing' } : {}),
  });
  return { call, visitor, outcome, checkoutToken };
}

const answerOffer = (call: Call, token: string, decision: 'accept' | 'decline') =>
  call<OfferAnswer>('POST', '/multicurrency/upsell', { token, decision });

describe('the funnel checkout', () => {
  it('prices the products chosen on the server, and changes them on the same checkout', async () => {
    const call = shopperOf(shop, newVisitor());
    const first = await choose(call, [{ skuId: shirt, quantity: 2 }]);
    expect(first.status).toBe(200);
    expect(first.data.lines).toMatchObject([{ skuId: shirt, quantity: 2 }]);
    const changed = await choose(call, [{ skuId: tee, quantity: 1 }], first.data.token);
    expect(changed.data.token).toBe(first.data.token);
    expect(changed.data.lines).toMatchObject([{ skuId: tee, quantity: 1 }]);
  });

  it('refuses what the step does not sell, nothing chosen, two products in radio mode and a quantity of 0', async () => {
    const call = shopperOf(shop, newVisitor());
    const other = await choose(call, [{ skuId: socks, quantity: 1 }]);
    expect(other.status).toBe(400);
    expect(other.data).toMatchObject({ errors: [{ path: '/lines/0/skuId', rule: 'funnelProduct' }] });
    const none = await choose(call, []);
    expect(none.data).toMatchObject({ errors: [{ path: '/lines', message: 'at least one product must be chosen' }] });
    const two = await choose(call, [
      { skuId: shirt, quantity: 1 },
      { skuId: tee, quantity: 1 },
    ]);
    expect(two.data).toMatchObject({ errors: [{ path: '/lines', rule: 'funnelOneProduct' }] });
    const zero = await choose(call, [{ skuId: shirt, quantity: 0 }]);
    expect(zero.status).toBe(400);
    const notCheckout = await call('POST', '/multicurrency/calculatePrice', {
      funnel: 'summer-linen',
      pageId: 'socks',
      lines: [{ skuId: shirt, quantity: 1 }],
    });
    expect(notCheckout.data).toMatchObject({ errors: [{ path: '/pageId' }] });
  });

  it('takes the page’s order bump beside a product chosen, one of it, never alone', async () => {
    const call = shopperOf(shop, newVisitor());
    const beanie = (await firstSku(shop, 'wool-beanie')).id;
    const both = await choose(call, [
      { skuId: shirt, quantity: 1 },
      { skuId: beanie, quantity: 1 },
    ]);
    expect(both.status).toBe(200);
    expect(both.data.lines.map((l) => l.skuId)).toEqual([shirt, beanie]);
    const two = await choose(call, [
      { skuId: shirt, quantity: 1 },
      { skuId: beanie, quantity: 2 },
    ]);
    expect(two.data).toMatchObject({ errors: [{ path: '/lines/1/quantity', rule: 'bump' }] });
    const alone = await choose(call, [{ skuId: beanie, quantity: 1 }]);
    expect(alone.data).toMatchObject({ errors: [{ path: '/lines', rule: 'funnelProductRequired' }] });
  });

  it('keeps an evergreen countdown’s deadline per visitor on the server, from the page’s minutes', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    const first = await call<{ deadline: string; serverTime: string }>('POST', '/countdown/evergreen', {
      page: 'summer-linen',
      block: 'hurry',
    });
    expect(first.status).toBe(200);
    expect(Date.parse(first.data.deadline) - Date.parse(first.data.serverTime)).toBe(30 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await call<{ deadline: string }>('POST', '/countdown/evergreen', { page: 'summer-linen', block: 'hurry' });
    expect(again.data.deadline).toBe(first.data.deadline);
    const other = await shopperOf(shop, newVisitor())<{ deadline: string }>('POST', '/countdown/evergreen', {
      page: 'summer-linen',
      block: 'hurry',
    });
    expect(other.data.deadline > first.data.deadline).toBe(true);
    expect((await call('POST', '/countdown/evergreen', { page: 'summer-linen', block: 'hero' })).status).toBe(400);
  });

  it('draws a returning visitor’s evergreen countdown with what is left of their own deadline', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    // The step's view carries the visitor's deadline (set at this first visit).
    const first = (await call<FunnelStepView>('GET', '/multicurrency/funnel/summer-linen')).data;
    const deadline = first.evergreen!.hurry!;
    expect(Date.parse(deadline) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await call<FunnelStepView>('GET', '/multicurrency/funnel/summer-linen')).data.evergreen).toEqual({ hurry: deadline });
    // Five and a half minutes left: the server's HTML already says so (no full half hour first).
    await shop.database.db
      .update(evergreenDeadlines)
      .set({ deadline: new Date(Date.now() + 5.5 * 60_000) })
      .where(eq(evergreenDeadlines.visitorId, visitor));
    const page = async (cookie?: string) =>
      (await shop.app.request('/funnel/summer-linen', { headers: cookie ? { Cookie: cookie } : {} })).text();
    expect(await page(`sakUUID=${visitor}`)).toMatch(/Time left: 0 days, 0 hours and 5 minutes/);
    expect(await page(`sakUUID=${newVisitor()}`)).toMatch(/Time left: 0 days, 0 hours and (30|29) minutes/);
  });

  it('lists the funnel payment methods and records the pixel events of the checkout once', async () => {
    const call = shopperOf(shop, newVisitor());
    const methods = await call<{ code: string; funnelTag: boolean }[]>('GET', '/funnel/checkout/paymentMethodList');
    expect(methods.data.length).toBeGreaterThan(0);
    expect(methods.data.every((m) => m.funnelTag)).toBe(true);
    const { checkoutToken } = await buyer();
    const events = await shop.database.db
      .select({ type: funnelEvents.type })
      .from(funnelEvents)
      .where(sql`${funnelEvents.type} in ('AddContactInfo', 'AddShipppingInfo')`);
    expect(checkoutToken).toBeTruthy();
    expect(events.filter((e) => e.type === 'AddContactInfo').length).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.type === 'AddShipppingInfo').length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a shop checkout at funnel-buy', async () => {
    const call = shopperOf(shop, newVisitor());
    await call('POST', '/shopping-carts', { skuId: shirt, quantity: 1 });
    const started = await call<{ token: string }>('POST', '/multicurrency/general/checkout', {});
    const paid = await call('POST', '/multicurrency/funnel-buy', {
      checkoutToken: started.data.token,
      paymentMethodCode: 'card',
      idempotencyKey: idempotencyKey(),
    });
    expect(paid.status).toBe(400);
  });
});

describe('one-click offers', () => {
  it('paid: the buyer goes on to the upsell, which holds its stock and keeps its deadline on reload', async () => {
    const { call, outcome } = await buyer();
    expect(outcome.status).toBe('paid');
    expect(outcome.next).toBe(`/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`);
    const before = await stockOf(shop, socks);
    const shown = await step(call, 'socks', outcome.orderToken);
    expect(shown.status).toBe(200);
    const offer = shown.data.offer!;
    expect(offer).toMatchObject({ type: 'upsell', path: 'charge', status: 'shown', product: { handle: 'crew-socks-3-pack' } });
    expect(offer.price.amount).toBe(Math.round(socksPrice * 0.8));
    const minutes = (Date.parse(offer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await stockOf(shop, socks)).toBe(before - 1);
    const again = await step(call, 'socks', outcome.orderToken);
    expect(again.data.offer).toMatchObject({ token: offer.token, expiresAt: offer.expiresAt });
    expect(await stockOf(shop, socks)).toBe(before - 1);
    const validity = await call<OfferValidity>(
      'GET',
      `/funnel/checkout/upsell/validateTime?token=${encodeURIComponent(offer.token)}`,
    );
    expect(validity.data).toMatchObject({ valid: true, status: 'shown', expiresAt: offer.expiresAt });
  });

  it('accepted: charged once with the main order’s card however often it is sent; thank-you shows both orders', async () => {
    const { call, outcome } = await buyer();
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    const answers = await Promise.all([answerOffer(call, offer.token, 'accept'), answerOffer(call, offer.token, 'accept')]);
    const thanks = `/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`;
    for (const answer of answers) expect(answer.data).toMatchObject({ status: 'accepted', next: thanks });
    const replay = await answerOffer(call, offer.token, 'accept');
    expect(replay.data).toMatchObject({ status: 'accepted', next: thanks });
    const [main] = await shop.database.db.select().from(orders).where(eq(orders.token, outcome.orderToken));
    const upsells = await shop.database.db.select().from(orders).where(eq(orders.parentOrderId, main!.id));
    expect(upsells).toHaveLength(1);
    expect(upsells[0]).toMatchObject({ status: 'paid', paymentMethod: 'card', funnelStep: 'socks' });
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, upsells[0]!.id));
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ status: 'succeeded', amount: Math.round(socksPrice * 0.8), cardLast4: '4242' });
    // Declining after accepting changes nothing: the first answer stands.
    expect((await answerOffer(call, offer.token, 'decline')).data).toMatchObject({ status: 'accepted' });
    const end = await step(call, 'thanks', outcome.orderToken);
    expect(end.data.order).toMatchObject({ token: outcome.orderToken });
    expect(end.data.order!.upsellOrders).toHaveLength(1);
    expect(end.data.order!.upsellOrders[0]!.totals.totalPrice.amount).toBe(Math.round(socksPrice * 0.8));
    // One sum for all the buyer paid: the main order and the offer.
    expect(end.data.order!.combinedTotal).toEqual({
      amount: end.data.order!.totals.totalPrice.amount + Math.round(socksPrice * 0.8),
      currencyCode: end.data.order!.currencyCode,
    });
    // Back on the offer's step: the answer stands, the buyer is sent on.
    expect((await step(call, 'socks', outcome.orderToken)).data.redirect).toBe(thanks);
  });

  it('declined: the stock goes back and the downsell follows; accepting it adds its order', async () => {
    const { call, outcome } = await buyer();
    const before = await stockOf(shop, socks);
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    expect(await stockOf(shop, socks)).toBe(before - 1);
    const declined = await answerOffer(call, offer.token, 'decline');
    expect(declined.data).toMatchObject({
      status: 'declined',
      next: `/funnel/summer-linen?pageId=tote&order=${outcome.orderToken}`,
    });
    expect(await stockOf(shop, socks)).toBe(before);
    const tote = (await step(call, 'tote', outcome.orderToken)).data.offer!;
    expect(tote).toMatchObject({ type: 'downsell', product: { handle: 'canvas-tote-bag' }, discountPercent: 30 });
    expect((await answerOffer(call, tote.token, 'accept')).data.status).toBe('accepted');
    const end = await step(call, 'thanks', outcome.orderToken);
    expect(end.data.order!.upsellOrders.map((o) => o.lines[0]!.title)).toEqual([expect.stringMatching(/tote/i)]);
    const events = await shop.database.db
      .select()
      .from(funnelEvents)
      .where(sql`${funnelEvents.type} in ('UpsellYes', 'UpsellNo')`);
    expect(events.some((e) => e.type === 'UpsellNo' && e.stepId === 'socks')).toBe(true);
    expect(events.some((e) => e.type === 'UpsellYes' && e.stepId === 'tote')).toBe(true);
  });

  it('an offer past its window is refused (5008) and sends the buyer on; its stock goes back', async () => {
    const { call, outcome } = await buyer();
    const before = await stockOf(shop, socks);
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    await shop.database.db
      .update(funnelOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(funnelOffers.token, offer.token.split('.')[0]!));
    const late = await answerOffer(call, offer.token, 'accept');
    expect(late.code).toBe(5008);
    expect(late.data).toMatchObject({ next: `/funnel/summer-linen?pageId=tote&order=${outcome.orderToken}` });
    expect(await stockOf(shop, socks)).toBe(before);
    const validity = await call<OfferValidity>(
      'GET',
      `/funnel/checkout/upsell/validateTime?token=${encodeURIComponent(offer.token)}`,
    );
    expect(validity.data).toMatchObject({ valid: false, status: 'expired', secondsLeft: 0 });
  });

  it('left unanswered (the tab closed): the job lets the offer and its stock go when its window ends', async () => {
    const { call, outcome } = await buyer();
    const before = await stockOf(shop, socks);
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    expect(await stockOf(shop, socks)).toBe(before - 1);
    const job = shop.app.jobs.find((j) => j.name === 'expire unpaid orders')!;
    // Before the window ends nothing moves; after it, the stock is back and the offer is expired.
    await job.run(new Date(Date.now() + 9 * 60_000));
    expect(await stockOf(shop, socks)).toBe(before - 1);
    // Every offer still open then has ended (this one, and those earlier tests left open): all their stock is back.
    const open = await shop.database.db
      .select()
      .from(orders)
      .where(sql`${orders.funnelStep} = 'socks' and ${orders.status} = 'pending'`);
    expect(open.length).toBeGreaterThanOrEqual(1);
    await job.run(new Date(Date.now() + 11 * 60_000));
    expect(await stockOf(shop, socks)).toBe(before - 1 + open.length);
    const [row] = await shop.database.db
      .select()
      .from(funnelOffers)
      .where(eq(funnelOffers.token, offer.token.split('.')[0]!));
    expect(row!.status).toBe('expired');
    // The main order was paid and stays so: nothing of it waited on the funnel.
    const [main] = await shop.database.db.select().from(orders).where(eq(orders.token, outcome.orderToken));
    expect(main!.status).toBe('paid');
  });

  it('a forged or altered token is refused', async () => {
    const { call, outcome } = await buyer();
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    const [id, , mac] = offer.token.split('.');
    const later = `${id}.${Date.now() + 3_600_000}.${mac}`;
    expect((await answerOffer(call, later, 'accept')).status).toBe(400);
    expect((await answerOffer(call, 'nonsense', 'accept')).status).toBe(400);
  });

  it('answers a plain HTML form with a redirect (works without JavaScript)', async () => {
    const { call, visitor, outcome } = await buyer();
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    // The buyer's browser sends its visitor cookie with the form (no customerUUID header without JavaScript).
    const response = await shop.app.request('/api/multicurrency/upsell', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `sakUUID=${visitor}` },
      body: new URLSearchParams({ token: offer.token, decision: 'accept' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`);
  });
});

describe('offers by the payment the buyer used', () => {
  async function paidByWallet() {
    const { call, outcome } = await buyer('paypal');
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    const url = new URL(outcome.next);
    const back = await shop.app.request(url.pathname, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) });
    expect(back.status).toBe(303);
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    return { call, outcome: confirmed.data };
  }

  it('a PayPal buyer: back from the wallet, on to the upsell, charged with the vaulted approval', async () => {
    const { call, outcome } = await paidByWallet();
    expect(outcome).toMatchObject({ status: 'paid', next: `/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}` });
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    expect(offer.path).toBe('charge');
    expect((await answerOffer(call, offer.token, 'accept')).data.status).toBe('accepted');
  });

  it('a Google Pay buyer: the offer asks for one tap in the wallet’s sheet, and is charged with its approval', async () => {
    const call = shopperOf(shop, newVisitor());
    const sheet = async () =>
      (await call<{ token: string }>('POST', '/payment-providers/test-wallet/sheet', { paymentMethodCode: 'google-pay' })).data
        .token;
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], {
      method: 'google-pay',
      paymentToken: await sheet(),
    });
    expect(outcome).toMatchObject({ status: 'paid', next: `/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}` });
    const offer = (await step(call, 'socks', outcome.orderToken)).data.offer!;
    expect(offer).toMatchObject({ path: 'sheet', method: 'google-pay', methodName: 'Google Pay' });
    // Not without the sheet's approval: nothing is charged, the offer stays open.
    const refused = await answerOffer(call, offer.token, 'accept');
    expect(refused).toMatchObject({ status: 400, data: { errors: [{ path: '/paymentToken' }] } });
    expect((await call<OfferValidity>('GET', `/funnel/checkout/upsell/validateTime?token=${offer.token}`)).data.status).toBe(
      'shown',
    );
    const approval = await sheet();
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', {
      token: offer.token,
      decision: 'accept',
      paymentToken: approval,
    });
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      next: `/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    });
    // Sent again (a double tap), it replays the answer: one payment for the offer's order.
    const again = await call<OfferAnswer>('POST', '/multicurrency/upsell', {
      token: offer.token,
      decision: 'accept',
      paymentToken: approval,
    });
    expect(again.data.status).toBe('accepted');
    const [row] = await shop.database.db
      .select()
      .from(funnelOffers)
      .where(eq(funnelOffers.token, offer.token.split('.')[0]!));
    const paid = await shop.database.db.select().from(payments).where(eq(payments.orderId, row!.orderId!));
    expect(paid.map((p) => [p.method, p.status])).toEqual([['google-pay', 'succeeded']]);
  });

  it('a pay-later buyer cannot take an offer in one action: both offers are skipped and counted ineligible', async () => {
    const { call, outcome } = await buyer('klarna');
    // The pay-later provider's own page approves the plan first.
    const url = new URL(outcome.next, 'http://shop');
    if (outcome.status === 'action') {
      await shop.app.request(url.pathname, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) });
      await call('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    }
    const first = await step(call, 'socks', outcome.orderToken);
    expect(first.data.offer).toBeUndefined();
    expect(first.data.redirect).toBe(`/funnel/summer-linen?pageId=tote&order=${outcome.orderToken}`);
    const second = await step(call, 'tote', outcome.orderToken);
    expect(second.data.redirect).toBe(`/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`);
    const [main] = await shop.database.db.select().from(orders).where(eq(orders.token, outcome.orderToken));
    const ineligible = await shop.database.db
      .select()
      .from(funnelEvents)
      .where(sql`${funnelEvents.type} = 'ineligible' and ${funnelEvents.orderId} = ${main!.id}`);
    expect(ineligible.map((e) => e.stepId).sort()).toEqual(['socks', 'tote']);
  });

  it('an order of another funnel or none is not this funnel’s buyer', async () => {
    const call = shopperOf(shop, newVisitor());
    expect((await step(call, 'socks', 'f'.repeat(32))).status).toBe(404);
  });
});

describe('an offer of a product in several sizes', () => {
  const merchant = (method: string, path: string, body?: unknown) =>
    shop.app.request(`/api${path}`, {
      method,
      headers: merchantHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('lets the buyer take another size: held and priced anew, charged at that price; a sold-out size is refused', async () => {
    // The demo funnel with the linen shirt (three sizes and colours) as its upsell, 20% off.
    const demo = await readEnvelope<FunnelDocument>(await merchant('GET', '/funnels/summer-linen'));
    const steps = demo.data.funnel.steps.map((s) => (s.id === 'socks' ? { ...s, product: 'linen-shirt', discount: 20 } : s));
    expect((await merchant('PUT', '/funnels/sized-offer', { handle: 'sized-offer', steps })).status).toBe(201);
    const call = shopperOf(shop, newVisitor());
    const { outcome } = await buyInFunnel(call, 'sized-offer', [{ skuId: tee, quantity: 1 }]);
    const offer = (
      await call<FunnelStepView>('GET', `/multicurrency/funnel/sized-offer?pageId=socks&order=${outcome.orderToken}`)
    ).data.offer!;
    expect(offer.skus!.length).toBeGreaterThan(1);
    expect(offer.skus!.find((s) => s.id === offer.skuId)).toMatchObject({ available: true, price: offer.price });
    const other = offer.skus!.find((s) => s.id !== offer.skuId && s.available)!;
    const soldOut = offer.skus!.find((s) => s.id !== offer.skuId && s.id !== other.id)!;
    await setStock(shop, soldOut.id, 0);
    const [heldBefore, otherBefore] = [await stockOf(shop, offer.skuId!), await stockOf(shop, other.id)];

    // A size nobody can have: refused, nothing charged, the held one still held.
    const refused = await call('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept', skuId: soldOut.id });
    expect(refused.code).toBe(5003);
    expect(await stockOf(shop, offer.skuId!)).toBe(heldBefore);
    // Not a SKU of the product at all: 400.
    const foreign = await call('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept', skuId: socks });
    expect(foreign.status).toBe(400);

    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', {
      token: offer.token,
      decision: 'accept',
      skuId: other.id,
    });
    expect(accepted.data.status).toBe('accepted');
    // The held unit went back, one of the chosen size was taken; the order is that size at its offer price.
    expect(await stockOf(shop, offer.skuId!)).toBe(heldBefore + 1);
    expect(await stockOf(shop, other.id)).toBe(otherBefore - 1);
    const thanks = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/sized-offer?pageId=thanks&order=${outcome.orderToken}`,
    );
    const [added] = thanks.data.order!.upsellOrders;
    expect(added!.lines.map((l) => [l.skuId, l.variant])).toEqual([[other.id, other.variant]]);
    expect(added!.totals.totalPrice).toEqual(other.price);
    // It names the order it was added to (its confirmation mail says so).
    expect(added!.addedTo).toBe(thanks.data.order!.number);
    const [row] = await shop.database.db
      .select()
      .from(funnelOffers)
      .where(eq(funnelOffers.token, offer.token.split('.')[0]!));
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, row!.orderId!));
    expect(charged.map((p) => [p.status, p.amount])).toEqual([['succeeded', other.price.amount]]);
  });
});
