// One-click offers after the shop's own checkout (issue 29): a merchant's checkout trigger leads the buyer
// of its products from paying to /checkout/upsell, where the trigger's upsell (with its coupon) is shown
// on the offer engine of the funnels; "pay now" charges the main order's card once, "no thanks" leads to
// the downsell and then the thank-you page, whose order shows the offers taken. Another browser holding
// the order's token is shown nothing; an order of other products goes straight to its thank-you page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutTrigger, OfferAnswer, Order, PaymentOutcome, ShopOfferStepView } from '../../schemas/generated/api';
import { coupons } from '../db/checkout-schema';
import { funnelOffers } from '../db/funnel-schema';
import { orders } from '../db/order-schema';
import { paymentMethods, payments } from '../db/payment-schema';
import { pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku, stockOf } from '../../test-support/server/skus';
import { createTestShop, merchantHeaders, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let sunglasses: number;
let shirt: number;
let cap: number;
let diffuser: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  sunglasses = (await firstSku(shop, 'sunglasses')).id;
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  cap = (await firstSku(shop, 'baseball-cap')).id;
  diffuser = (await firstSku(shop, 'scented-diffuser')).id;
});
afterAll(() => shop?.close());

const merchant = async <T>(method: string, path: string, body?: unknown) =>
  readEnvelope<T>(
    await shop.app.request(`/api${path}`, {
      method,
      headers: merchantHeaders,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

/** A buyer of `skuId` paid by card: the answer of the payment says where they go next. */
async function buyer(skuId = sunglasses) {
  const visitor = newVisitor();
  const call = shopperOf(shop, visitor);
  const paid = await pay(call, await readyCheckout(call, [{ skuId, quantity: 1 }], { buyNow: true }));
  expect(paid.status).toBe(200);
  return { visitor, call, outcome: paid.data, order: paid.data.orderToken };
}

const offerOf = (call: Call, order: string, type = 'upsell') =>
  call<ShopOfferStepView>('GET', `/site-checkout-trigger/${order}/nextproduct?type=${type}`);

const mainOrder = async (token: string, on = shop) =>
  (await on.database.db.select().from(orders).where(eq(orders.token, token)))[0]!;

describe('the demo shop’s checkout trigger', () => {
  it('is listed for the merchant (token-protected) with what it offers', async () => {
    expect((await shop.app.request('/api/site-checkout-triggers')).status).toBe(401);
    const listed = await merchant<CheckoutTrigger[]>('GET', '/site-checkout-triggers');
    expect(listed.status).toBe(200);
    expect(listed.data[0]).toMatchObject({
      products: ['chino-trousers', 'sunglasses'],
      upsell: { product: 'baseball-cap', couponCode: 'THANKYOU15' },
      downsell: { product: 'scented-diffuser', discount: 25 },
      active: true,
    });
  });
});

describe('paying for a product of a trigger, by card', () => {
  it('leads to the upsell: shown to the buyer with its coupon, one unit held, nothing for another browser', async () => {
    const { visitor, call, outcome, order } = await buyer();
    expect(outcome).toMatchObject({ status: 'paid', next: `/checkout/upsell?order=${order}` });
    const held = await stockOf(shop, cap);

    const stranger = await offerOf(shopperOf(shop, newVisitor()), order);
    expect(stranger.data).toEqual({ type: 'upsell', redirect: `/thankyou/${order}` });
    expect(await stockOf(shop, cap)).toBe(held);

    const shown = await offerOf(call, order);
    expect(shown.status).toBe(200);
    expect(shown.data.offer).toMatchObject({
      source: 'shop',
      type: 'upsell',
      path: 'charge',
      couponCode: 'THANKYOU15',
      product: { handle: 'baseball-cap' },
      // $28.00 less the code's 15%.
      price: { amount: 2380, currencyCode: 'USD' },
      compareAtPrice: { amount: 2800, currencyCode: 'USD' },
    });
    expect(shown.data.view?.page.handle).toBe('checkout-upsell');
    // The page as the buyer's browser loads it (the server draws it for its visitor cookie); anyone else is sent on.
    const drawn = await shop.app.request(`/checkout/upsell?order=${order}`, { headers: { Cookie: `sakUUID=${visitor}` } });
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toContain(shown.data.offer!.token);
    const elsewhere = await shop.app.request(`/checkout/upsell?order=${order}`);
    expect(elsewhere.headers.get('location')).toBe(`/thankyou/${order}`);
    expect(await stockOf(shop, cap)).toBe(held - 1);
    // A reload shows the same offer (same token, same deadline), holding nothing more.
    expect((await offerOf(call, order)).data.offer!.token).toBe(shown.data.offer!.token);
    expect(await stockOf(shop, cap)).toBe(held - 1);
  });

  it('"pay now" charges the card of the main order once; the thank-you order shows the offer and its code', async () => {
    const { call, order } = await buyer();
    const { offer } = (await offerOf(call, order)).data;
    const first = await call<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ status: 'accepted', next: `/thankyou/${order}` });
    // A double click, the back button: the same answer, no second charge.
    const again = await call<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(again.data).toMatchObject({ status: 'accepted', next: first.data.next });
    const upsell = await mainOrder(first.data.orderToken!);
    expect(upsell).toMatchObject({ status: 'paid', couponCode: 'THANKYOU15', parentOrderId: (await mainOrder(order)).id });
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, upsell.id));
    expect(charged.map((p) => [p.status, p.amount])).toEqual([['succeeded', 2380]]);

    const read = await call<Order>('GET', `/multicurrency/general/order/${order}`);
    expect(read.data.upsellOrders).toHaveLength(1);
    expect(read.data.upsellOrders[0]!.totals).toMatchObject({
      totalCoupon: { amount: 420 },
      totalPrice: { amount: 2380 },
    });
    // Answered: the upsell's address now leads to the thank-you page.
    expect((await offerOf(call, order)).data.redirect).toBe(`/thankyou/${order}`);
  });

  it('"no thanks" gives the unit back and leads to the downsell; declining that leads to the thank-you page', async () => {
    const { call, order } = await buyer();
    const capStock = await stockOf(shop, cap);
    const { offer } = (await offerOf(call, order)).data;
    const declined = await call<OfferAnswer>('POST', '/paymentStrategy/cancelUpsell', { token: offer!.token });
    expect(declined.data).toEqual({ status: 'declined', next: `/checkout/downsell?order=${order}` });
    expect(await stockOf(shop, cap)).toBe(capStock);

    const down = (await offerOf(call, order, 'downsell')).data.offer!;
    // $46.00 less the downsell's 25%, no code.
    expect(down).toMatchObject({ type: 'downsell', price: { amount: 3450 }, discountPercent: 25 });
    expect(down.couponCode).toBeUndefined();
    const last = await call<OfferAnswer>('POST', '/paymentStrategy/cancelUpsell', { token: down.token });
    expect(last.data).toEqual({ status: 'declined', next: `/thankyou/${order}` });
    expect(await stockOf(shop, diffuser)).toBeGreaterThan(0);
    // The coupon counted for the upsell's order was given back with it.
    const [code] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'THANKYOU15'));
    const read = await call<Order>('GET', `/multicurrency/general/order/${order}`);
    expect(read.data.upsellOrders).toEqual([]);
    expect(code!.used).toBeGreaterThanOrEqual(0);
  });

  it('the downsell is not shown before its upsell was answered', async () => {
    const { call, order } = await buyer();
    expect((await offerOf(call, order, 'downsell')).data.redirect).toBe(`/checkout/upsell?order=${order}`);
    const rows = await shop.database.db
      .select()
      .from(funnelOffers)
      .where(eq(funnelOffers.mainOrderId, (await mainOrder(order)).id));
    expect(rows).toEqual([]);
  });

  it('an answer needs the payment signature and the buyer’s browser', async () => {
    const { visitor, call, order } = await buyer();
    const { offer } = (await offerOf(call, order)).data;
    const unsigned = await shop.app.request('/api/paymentStrategy/upsell', {
      method: 'POST',
      headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: offer!.token }),
    });
    expect((await readEnvelope(unsigned)).code).toBe(8012);
    const stranger = await shopperOf(shop, newVisitor())<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(stranger.code).toBe(8012);
    expect((await mainOrder(order)).status).toBe('paid');
    const unknown = await call('POST', '/paymentStrategy/upsell', { token: offer!.token, extra: 1 });
    expect(unknown.status).toBe(400);
  });

  it('a coupon used up meanwhile: the offer is shown without it, at the trigger’s own price', async () => {
    await shop.database.db.update(coupons).set({ usageLimit: 0 }).where(eq(coupons.code, 'THANKYOU15'));
    try {
      const { call, order } = await buyer();
      const { offer } = (await offerOf(call, order)).data;
      expect(offer!.couponCode).toBeUndefined();
      expect(offer!.price.amount).toBe(2800);
    } finally {
      await shop.database.db.update(coupons).set({ usageLimit: null }).where(eq(coupons.code, 'THANKYOU15'));
    }
  });
});

describe('orders no trigger names', () => {
  it('go straight to their thank-you page, and its upsell address leads there too', async () => {
    const { call, outcome, order } = await buyer(shirt);
    expect(outcome.next).toBe(`/thankyou/${order}`);
    expect((await offerOf(call, order)).data).toEqual({ type: 'upsell', redirect: `/thankyou/${order}` });
  });
});

describe('the tags of the method the main order was paid with', () => {
  const tagCard = async (tags: { normalTag?: boolean; funnelTag?: boolean }) => {
    await shop.database.db.update(paymentMethods).set(tags).where(eq(paymentMethods.code, 'card'));
    shop.app.payments.forget();
  };
  afterAll(() => tagCard({ normalTag: true, funnelTag: true }));

  it('the shop checkout’s decides: a card taken out of the funnels still pays the offer after the shop’s checkout', async () => {
    const { call, order } = await buyer();
    await tagCard({ funnelTag: false });
    const { offer } = (await offerOf(call, order)).data;
    expect(offer?.path).toBe('charge');
    const accepted = await call<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(accepted.data).toMatchObject({ status: 'accepted', next: `/thankyou/${order}` });
  });

  it('a card taken out of the shop’s checkout after the main order was paid: no offer, the thank-you page', async () => {
    await tagCard({ normalTag: true, funnelTag: true });
    const { call, order } = await buyer();
    await tagCard({ normalTag: false });
    expect((await offerOf(call, order)).data).toEqual({ type: 'upsell', redirect: `/checkout/downsell?order=${order}` });
  });
});

describe('the merchant’s checkout triggers', () => {
  it('refuse what names nothing of the shop, each error at its place, and save nothing', async () => {
    const before = (await merchant<CheckoutTrigger[]>('GET', '/site-checkout-triggers')).data;
    const refused = await merchant<{ errors: { path: string; message: string }[] }>('POST', '/site-checkout-triggers', {
      name: 'Broken',
      products: ['no-such-thing'],
      upsell: { product: 'stoneware-teapot', page: 'about', couponCode: 'NOPE' },
      downsell: { product: 'enamel-camp-mug', page: 'checkout-upsell' },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.map((e) => e.path).sort()).toEqual(
      ['/downsell/page', '/downsell/product', '/products/0', '/upsell/couponCode', '/upsell/page'].sort(),
    );
    const unknownField = await merchant('POST', '/site-checkout-triggers', {
      name: 'x',
      products: [],
      upsell: { product: 'wool-beanie' },
      price: 0,
    });
    expect(unknownField.status).toBe(400);
    expect((await merchant<CheckoutTrigger[]>('GET', '/site-checkout-triggers')).data).toEqual(before);
  });

  it('a trigger added, changed and removed decides what the next buyer is offered', async () => {
    const added = await merchant<CheckoutTrigger>('POST', '/site-checkout-triggers', {
      name: 'Shirts: a beanie',
      products: ['linen-shirt'],
      upsell: { product: 'wool-beanie', discount: 10, couponCode: 'save5' },
    });
    expect(added.status).toBe(200);
    expect(added.data.upsell.couponCode).toBe('SAVE5');
    try {
      const first = await buyer(shirt);
      expect(first.outcome.next).toBe(`/checkout/upsell?order=${first.order}`);
      const offer = (await offerOf(first.call, first.order)).data.offer!;
      // $32.00 less 10% = $28.80, less the code's $5.00.
      expect(offer).toMatchObject({ product: { handle: 'wool-beanie' }, price: { amount: 2380 }, couponCode: 'SAVE5' });
      // Declined with no downsell: on to the thank-you page.
      const declined = await first.call<OfferAnswer>('POST', '/paymentStrategy/cancelUpsell', { token: offer.token });
      expect(declined.data.next).toBe(`/thankyou/${first.order}`);

      const changed = await merchant<CheckoutTrigger>('PUT', `/site-checkout-triggers/${added.data.id}`, {
        name: 'Shirts: a beanie',
        products: ['linen-shirt'],
        active: false,
        upsell: { product: 'wool-beanie' },
      });
      expect(changed.data).toMatchObject({ active: false, stats: { shown: 1, declined: 1 } });
      expect((await buyer(shirt)).outcome.next).toMatch(/^\/thankyou\//);
    } finally {
      const left = await merchant<CheckoutTrigger[]>('DELETE', `/site-checkout-triggers/${added.data.id}`);
      expect(left.data.map((t) => t.id)).not.toContain(added.data.id);
    }
    expect((await merchant('DELETE', `/site-checkout-triggers/${added.data.id}`)).status).toBe(404);
  });
});

describe('a funnel’s order', () => {
  it('is sent from the shop’s offer address to its funnel’s offer step', async () => {
    const { buyInFunnel } = await import('../../test-support/server/buyer');
    const call = shopperOf(shop, newVisitor());
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
    const shown = await offerOf(call, (outcome as PaymentOutcome).orderToken);
    expect(shown.data.redirect).toMatch(/^\/funnel\/summer-linen\?pageId=socks&order=/);
  });
});

describe('answers at once on PostgreSQL, over two server processes', () => {
  let pg: TestShop;
  beforeAll(async () => {
    pg = await createTestShop('postgres');
  }, 120_000);
  afterAll(() => pg?.close());

  it('accepts and declines of one offer sent together: one outcome, the card charged once at most', async () => {
    const processes = [pg, { ...pg, app: pg.anotherProcess() }];
    const glasses = (await firstSku(pg, 'sunglasses')).id;
    const capSku = (await firstSku(pg, 'baseball-cap')).id;
    for (let round = 0; round < 3; round++) {
      const visitor = newVisitor();
      const call = shopperOf(pg, visitor);
      const paid = await pay(call, await readyCheckout(call, [{ skuId: glasses, quantity: 1 }], { buyNow: true }));
      const order = paid.data.orderToken;
      const shelf = await stockOf(pg, capSku);
      const { offer } = (await offerOf(call, order)).data;
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          shopperOf(processes[i % 2]!, visitor)<OfferAnswer>(
            'POST',
            i % 2 === round % 2 ? '/paymentStrategy/upsell' : '/paymentStrategy/cancelUpsell',
            { token: offer!.token },
          ),
        ),
      );
      // Each is answered (or told to try again while another is being charged), never a fault.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const [row] = await pg.database.db
        .select()
        .from(funnelOffers)
        .where(eq(funnelOffers.mainOrderId, (await mainOrder(order, pg)).id));
      expect(['accepted', 'declined']).toContain(row!.status);
      const charged = await pg.database.db.select().from(payments).where(eq(payments.orderId, row!.orderId!));
      const taken = charged.filter((p) => p.status === 'succeeded');
      if (row!.status === 'accepted') {
        expect(taken.map((p) => p.amount)).toEqual([2380]);
        expect(await stockOf(pg, capSku)).toBe(shelf - 1);
      } else {
        expect(taken).toEqual([]);
        expect(await stockOf(pg, capSku)).toBe(shelf);
      }
    }
  });
});
