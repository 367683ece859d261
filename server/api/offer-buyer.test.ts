// A one-click offer is the buyer's, in the buyer's browser (issue 22): the main order's token travels in
// the thank-you and offer addresses (shared links, Referer headers), but whoever else holds it is neither
// shown the offer nor able to answer it, so nobody charges the buyer's saved card but the buyer. Another
// browser is sent to the order's thank-you page; the browser the order was placed from (its sakUUID
// cookie, or the customerUUID header the shop's script copies it to) sees and answers the offer as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStepView, OfferAnswer } from '../../schemas/generated/api';
import { funnelOffers } from '../db/funnel-schema';
import { orders } from '../db/order-schema';
import { payments, testGatewayPayments } from '../db/payment-schema';
import { buyInFunnel, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku, stockOf } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let shirt: number;
let socks: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  socks = (await firstSku(shop, 'crew-socks-3-pack')).id;
});
afterAll(() => shop?.close());

const offerStep = (call: Call, order: string) =>
  call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=socks&order=${order}`);

/** A buyer of the demo funnel's checkout, paid by card. */
async function buyer() {
  const visitor = newVisitor();
  const call = shopperOf(shop, visitor);
  const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
  expect(outcome.status).toBe('paid');
  return { visitor, call, order: outcome.orderToken };
}

/** The offer's form posted as a browser without JavaScript does: its cookie (if any), no header. */
const postForm = (fields: Record<string, string>, cookieVisitor?: string) =>
  shop.app.request('/api/multicurrency/upsell', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookieVisitor ? { Cookie: `sakUUID=${cookieVisitor}` } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

async function offersOf(order: string) {
  const [main] = await shop.database.db.select().from(orders).where(eq(orders.token, order));
  return shop.database.db.select().from(funnelOffers).where(eq(funnelOffers.mainOrderId, main!.id));
}

describe('an offer opened in another browser with the order’s token', () => {
  it('is not shown: the stranger goes to the thank-you page, nothing is placed or held', async () => {
    const { visitor, order } = await buyer();
    const held = await stockOf(shop, socks);
    const stranger = newVisitor();
    const seen = await offerStep(shopperOf(shop, stranger), order);
    expect(seen.status).toBe(200);
    expect(seen.data.offer).toBeUndefined();
    expect(seen.data.redirect).toBe(`/thankyou/${order}`);
    // The page as a browser asks for it: the stranger is sent on, the buyer is shown the offer.
    const page = `/funnel/summer-linen?pageId=socks&order=${order}`;
    const theirs = await shop.app.request(page, { headers: { Cookie: `sakUUID=${stranger}` } });
    expect(theirs.status).toBeGreaterThanOrEqual(300);
    expect(theirs.status).toBeLessThan(400);
    expect(theirs.headers.get('location')).toBe(`/thankyou/${order}`);
    // A browser with no visitor cookie yet (a link opened from a chat): the same.
    const fresh = await shop.app.request(page);
    expect(fresh.headers.get('location')).toBe(`/thankyou/${order}`);
    // Nothing was placed for them: no offer, no unit held.
    expect(await offersOf(order)).toEqual([]);
    expect(await stockOf(shop, socks)).toBe(held);

    const mine = await shop.app.request(page, { headers: { Cookie: `sakUUID=${visitor}` } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain('name="token"');
    expect((await offersOf(order)).map((o) => o.status)).toEqual(['shown']);
    expect(await stockOf(shop, socks)).toBe(held - 1);
  });

  it('cannot be accepted or declined by the stranger, even with the offer’s own token; the buyer still can', async () => {
    const { call, visitor, order } = await buyer();
    const offer = (await offerStep(call, order)).data.offer!;
    const held = await stockOf(shop, socks);
    const stranger = shopperOf(shop, newVisitor());

    const accepted = await stranger<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' });
    expect(accepted).toMatchObject({
      status: 400,
      code: 8012,
      data: { next: `/thankyou/${order}`, errors: [{ path: '/customerUUID', rule: 'visitor' }] },
    });
    const declined = await stranger<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'decline' });
    expect(declined).toMatchObject({ status: 400, code: 8012 });
    // A form posted from another browser (with or without its own cookie): sent to the thank-you page.
    for (const cookie of [undefined, newVisitor()]) {
      const form = await postForm({ token: offer.token, decision: 'accept' }, cookie);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe(`/thankyou/${order}`);
    }

    // Nothing was charged or let go: the offer is still the buyer's to answer.
    const [row] = await offersOf(order);
    expect(row!.status).toBe('shown');
    expect(await shop.database.db.select().from(payments).where(eq(payments.orderId, row!.orderId!))).toEqual([]);
    const [offerOrder] = await shop.database.db.select().from(orders).where(eq(orders.id, row!.orderId!));
    const asked = await shop.database.db.select().from(testGatewayPayments);
    expect(asked.filter((p) => (p.data as { orderToken?: string }).orderToken === offerOrder!.token)).toEqual([]);
    expect(await stockOf(shop, socks)).toBe(held);

    // The buyer's own browser: its form (the cookie) is taken, charged once.
    const mine = await postForm({ token: offer.token, decision: 'accept' }, visitor);
    expect(mine.status).toBe(303);
    expect(mine.headers.get('location')).toBe(`/funnel/summer-linen?pageId=thanks&order=${order}`);
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, row!.orderId!));
    expect(charged.map((p) => [p.status, p.amount])).toEqual([['succeeded', offerOrder!.totals!.totalPrice]]);
  });
});
