// Placing and paying orders with the test card (issue 8: payment seam, orders): what a buyer and the shop
// see after paying, declines that leave the order payable, retries that charge once, unpaid orders that
// expire, and what the order API never receives.
import { stockOf, setStock } from '../../test-support/server/skus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Order, OrderStatus, PaymentMethodList, Product, Tracking } from '../../schemas/generated/api';
import { queryRows } from '../db/connect';
import { paymentMethods } from '../db/payment-schema';
import type { Provider } from '../payments/provider';
import { declinedCard } from '../payments/simulated/card/test-numbers';
import {
  APPROVED,
  cardToken,
  idempotencyKey,
  pay,
  readyCheckout,
  shopperOf,
  TEST_ADDRESS,
} from '../../test-support/server/buyer';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
const sku: Record<string, number> = {};
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  for (const handle of ['linen-shirt', 'rain-jacket', 'wool-beanie']) {
    const product = (await shopperOf(shop, newVisitor())<Product>('GET', `/products/${handle}`)).data;
    sku[handle] = product.skus[0]!.id;
  }
});
afterAll(() => shop?.close());

describe('paying with the test card', () => {
  it('lists the methods of the demo shop in the spec’s own shape, the card first and chosen', async () => {
    const response = await shop.app.request('/api/payment-methods/list?siteId=1&currencyCode=EUR');
    const body = (await response.json()) as PaymentMethodList;
    expect(body.success).toBe(true);
    expect(body.result[0]).toEqual({
      code: 'card',
      provider: 'test-card',
      name: 'Credit or debit card',
      type: 'CARD',
      defaulted: true,
      normalTag: true,
      funnelTag: true,
      // Everywhere (empty lists), with the card schemes' logos.
      countries: [],
      currencies: [],
      logos: ['visa', 'mastercard', 'amex', 'discover'],
    });
    expect(body.result.filter((m) => m.defaulted)).toHaveLength(1);
    // Stripe needs its keys: without them its methods are not offered.
    expect(body.result.map((m) => m.code)).not.toContain('stripe-element');
  });

  it('places and pays the order: number, totals as the checkout showed, stock taken, cart emptied, checkout closed', async () => {
    const call = shopperOf(shop, newVisitor());
    await setStock(shop, sku['rain-jacket']!, 10);
    const token = await readyCheckout(call, [{ skuId: sku['rain-jacket']!, quantity: 2 }], { shippingTemplateId: 2 });
    const shown = (await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data;
    const paid = await pay(call, token);
    expect(paid).toMatchObject({ status: 200, data: { status: 'paid', orderNumber: expect.stringMatching(/^VG-\d{5,}$/) } });
    expect(paid.data.next).toBe(`/thankyou/${paid.data.orderToken}`);
    const order = (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
    expect(order).toMatchObject({
      number: paid.data.orderNumber,
      status: 'paid',
      fulfillmentStatus: 'unfulfilled',
      email: 'ada@example.com',
      itemCount: 2,
      shippingAddress: TEST_ADDRESS,
      billingAddress: TEST_ADDRESS,
      shippingMethod: 'Express',
      payment: { method: 'card', name: 'Credit or debit card', cardBrand: 'visa', cardLast4: '4242' },
      totals: shown.totals,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        skuId: sku['rain-jacket'],
        quantity: 2,
        title: 'Rain Jacket',
        variant: 'Mustard / S',
        lineTotal: shown.lines[0]!.lineTotal,
      }),
    ]);
    expect(await stockOf(shop, sku['rain-jacket']!)).toBe(8);
    expect((await call<{ lines: unknown[] }>('GET', '/multicurrency/shopping-carts')).data.lines).toEqual([]);
    expect((await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data).toMatchObject({
      status: 'completed',
      orderToken: paid.data.orderToken,
    });
    expect((await call<OrderStatus>('GET', `/multicurrency/general/order/${paid.data.orderToken}/ckstatus`)).data).toEqual({
      number: paid.data.orderNumber,
      status: 'paid',
      fulfillmentStatus: 'unfulfilled',
      payment: { method: 'card', status: 'paid', next: `/thankyou/${paid.data.orderToken}` },
      checkoutToken: null,
      addressConfirmBy: null,
      expiresAt: null,
    });
    // Paying again: the order is settled, and the answer says which.
    expect(await pay(call, token)).toMatchObject({ status: 409, code: 7002, data: { orderToken: paid.data.orderToken } });
  });

  it('charges the price the shop asks when the order is placed, even right after a checkout page priced from details kept a moment', async () => {
    const call = shopperOf(shop, newVisitor());
    const skuId = sku['wool-beanie']!;
    await setStock(shop, skuId, 10);
    const token = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    const shown = (await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data;
    await shop.database.db.execute(sql`update skus set price = price + 1000 where id = ${skuId}`);
    try {
      const paid = await pay(call, token);
      expect(paid.data.status).toBe('paid');
      const order = (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
      expect(order.lines[0]!.lineTotal.amount).toBe(shown.lines[0]!.lineTotal.amount + 1000);
    } finally {
      await shop.database.db.execute(sql`update skus set price = price - 1000 where id = ${skuId}`);
    }
  });

  it('charges once for one idempotency key, however often it is sent', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: sku['linen-shirt']!, quantity: 1 }]);
    const key = idempotencyKey();
    const paymentToken = await cardToken(call);
    const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken, idempotencyKey: key };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/payment/create-order', body)));
    expect(new Set(answers.map((a) => JSON.stringify(a.data)))).toHaveProperty('size', 1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from payments where idempotency_key = ${key}`,
    );
    expect(row!.n).toBe(1);
  });

  it('declines each test number with its code, keeps the order payable, and takes another card on the same checkout', async () => {
    const call = shopperOf(shop, newVisitor());
    await setStock(shop, sku['wool-beanie']!, 5);
    const token = await readyCheckout(call, [{ skuId: sku['wool-beanie']!, quantity: 1 }], { buyNow: true });
    let orderNumber: string | undefined;
    for (let index = 0; index <= 14; index++) {
      const declined = await pay(call, token, declinedCard(index));
      expect(declined).toMatchObject({ status: 402, code: 80000 + index });
      orderNumber ??= (declined.data as { orderNumber: string }).orderNumber;
      expect(declined.data).toMatchObject({ orderNumber });
    }
    // One order waits, holding one unit (not one per attempt).
    expect(await stockOf(shop, sku['wool-beanie']!)).toBe(4);
    const plainDecline = await pay(call, token, '4000 0000 0000 0002');
    expect(plainDecline).toMatchObject({ status: 402, code: 80001 });
    const paid = await pay(call, token, APPROVED);
    expect(paid).toMatchObject({ status: 200, data: { status: 'paid', orderNumber } });
    expect(await stockOf(shop, sku['wool-beanie']!)).toBe(4);
  });

  it('places a new order when the checkout changed after a decline, and lets the old one go', async () => {
    const call = shopperOf(shop, newVisitor());
    await setStock(shop, sku['wool-beanie']!, 5);
    const token = await readyCheckout(call, [{ skuId: sku['wool-beanie']!, quantity: 2 }]);
    const declined = await pay(call, token, declinedCard(7));
    expect(await stockOf(shop, sku['wool-beanie']!)).toBe(3);
    // Back to the shipping step: express instead.
    await call('POST', '/multicurrency/asyncPayInfoSave', { token, shippingTemplateId: 2 });
    const paid = await pay(call, token);
    expect(paid.data.orderNumber).not.toBe((declined.data as { orderNumber: string }).orderNumber);
    expect(await stockOf(shop, sku['wool-beanie']!)).toBe(3);
    const old = (await call<Order>('GET', `/multicurrency/general/order/${(declined.data as { orderToken: string }).orderToken}`))
      .data;
    expect(old.status).toBe('canceled');
    expect((await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data.shippingMethod).toBe(
      'Express',
    );
  });

  it('refuses what a checkout lacks, methods it does not take and tokens that name nothing', async () => {
    const call = shopperOf(shop, newVisitor());
    await call('POST', '/shopping-carts', { skuId: sku['linen-shirt'], quantity: 1 });
    const { token } = (await call<{ token: string }>('POST', '/multicurrency/general/checkout', {})).data;
    expect(await pay(call, token)).toMatchObject({ status: 400, code: 5011 });
    await call('POST', '/multicurrency/asyncPayInfoSave', { token, shippingAddress: TEST_ADDRESS });
    expect(await pay(call, token)).toMatchObject({
      status: 400,
      code: 7001,
      data: { errors: [{ path: '/email' }, { path: '/shippingTemplateId' }] },
    });
    await call('POST', '/multicurrency/asyncPayInfoSave', { token, asShippingAddress: false });
    expect(await pay(call, token)).toMatchObject({ status: 400, code: 5012 });
    const body = () => ({ checkoutToken: token, paymentToken: 'tok_x', idempotencyKey: idempotencyKey() });
    expect(await call('POST', '/payment/create-order', { ...body(), paymentMethodCode: 'cash' })).toMatchObject({ code: 7005 });
    expect(await call('POST', '/payment/create-order', { ...body(), paymentMethodCode: ' ' })).toMatchObject({ code: 7003 });
    expect(
      await call('POST', '/payment/create-order', { ...body(), checkoutToken: '0'.repeat(32), paymentMethodCode: 'card' }),
    ).toMatchObject({ status: 404, code: 5009 });
    expect(await call('GET', `/multicurrency/general/order/${'0'.repeat(32)}`)).toMatchObject({ status: 404, code: 5010 });
    expect(await call('GET', '/multicurrency/general/order/VG-10001')).toMatchObject({ status: 404, code: 5010 });
  });

  it('refuses prices, totals, currency, status and discounts in the order body, naming the field', async () => {
    const call = shopperOf(shop, newVisitor());
    const base = { checkoutToken: 'a'.repeat(32), paymentMethodCode: 'card', idempotencyKey: idempotencyKey() };
    for (const [field, value] of [
      ['price', 1],
      ['totalPrice', 0],
      ['currencyCode', 'EUR'],
      ['status', 'paid'],
      ['discount', 100],
      ['lines', [{ skuId: 1, quantity: 1, price: 0 }]],
      ['amount', -5],
    ] as const) {
      const refused = await call('POST', '/payment/create-order', { ...base, [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.message, field).toContain(field);
    }
    for (const quantity of [0, -1, 1.5, 1000, 1e9]) {
      expect((await call('POST', '/shopping-carts', { skuId: sku['linen-shirt'], quantity })).status, String(quantity)).toBe(400);
    }
  });
});

describe('cards never reach the order API, the database or the logs', () => {
  it('keeps only brand and last four digits', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: sku['linen-shirt']!, quantity: 1 }]);
    const numbers = ['4242424242424242', declinedCard(3).replace(/\D/g, ''), '4000000000000002'];
    await pay(call, token, declinedCard(3));
    await pay(call, token, '4000000000000002');
    // A malformed body at the provider must not echo the number into the log either.
    await shop.app.request('/api/payment-providers/test-card/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"number":"4242424242424242","expiry":',
    });
    await call('POST', '/payment-providers/test-card/tokens', { number: '4242424242424241', expiry: '1/2', cvc: '1', name: '' });
    await pay(call, token);
    const dump = JSON.stringify(
      await queryRows(
        shop.database.db,
        sql`select (select json_agg(p) from payments p) as payments, (select json_agg(c) from card_tokens c) as tokens,
                   (select json_agg(o) from orders o) as orders, (select json_agg(e) from order_events e) as events`,
      ),
    );
    for (const number of [...numbers, '4242424242424241']) {
      expect(dump).not.toContain(number);
      expect(shop.logs.join('\n')).not.toContain(number);
      expect(shop.logs.join('\n')).not.toContain(number.slice(0, 12));
    }
  });

  it('tells which card field is wrong, by rule, without the value', async () => {
    const call = shopperOf(shop, newVisitor());
    const refused = await call<{ errors: { path: string; rule: string }[] }>('POST', '/payment-providers/test-card/tokens', {
      number: '4242 4242 4242 4241',
      expiry: '13/29',
      cvc: '12',
      name: ' ',
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.map((e) => [e.path, e.rule])).toEqual([
      ['/number', 'cardNumber'],
      ['/expiry', 'cardExpiry'],
      ['/cvc', 'cardCvc'],
      ['/name', 'required'],
    ]);
    expect(refused.message).not.toContain('4241');
  });
});

describe('unpaid orders expire', () => {
  it('gives their stock and coupon use back, and the checkout can be paid again', async () => {
    const call = shopperOf(shop, newVisitor());
    await setStock(shop, sku['rain-jacket']!, 3);
    const token = await readyCheckout(call, [{ skuId: sku['rain-jacket']!, quantity: 2 }], { coupon: 'FREESHIP15' });
    const used = async () =>
      (await queryRows<{ used: number }>(shop.database.db, sql`select used from coupons where code = 'FREESHIP15'`))[0]!.used;
    const before = await used();
    await pay(call, token, declinedCard(1));
    expect(await stockOf(shop, sku['rain-jacket']!)).toBe(1);
    expect(await used()).toBe(before + 1);
    // Another process's job runs at the same time: each order expires once.
    const expired = await Promise.all([
      shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 31 * 60_000)),
      shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 31 * 60_000)),
    ]);
    expect(expired.flat().length).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop, sku['rain-jacket']!)).toBe(3);
    expect(await used()).toBe(before);
    const paid = await pay(call, token);
    expect(paid).toMatchObject({ status: 200, data: { status: 'paid' } });
    expect(await stockOf(shop, sku['rain-jacket']!)).toBe(1);
  });
});

describe('after the purchase', () => {
  it('lets the buyer correct the address before shipping, and records purchase events', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: sku['linen-shirt']!, quantity: 1 }]);
    const { orderToken } = (await pay(call, token)).data;
    const moved = { ...TEST_ADDRESS, address1: '2 Mission Street' };
    const updated = await call<Order>('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: moved });
    expect(updated).toMatchObject({ status: 200, data: { shippingAddress: moved } });
    expect(
      await call('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: { ...moved, address1: '12345' } }),
    ).toMatchObject({ status: 400, data: { errors: [{ path: '/shippingAddress/address1' }] } });
    await shop.database.db.execute(sql`update orders set fulfillment_status = 'shipped' where token = ${orderToken}`);
    expect(await call('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: moved })).toMatchObject({ code: 8002 });

    expect(
      await call('POST', '/orders/saveOrderPurchaseEvent', { orderToken, event: 'Purchase', payload: { value: 10 } }),
    ).toMatchObject({
      status: 201,
    });
    await call('POST', '/orders/sendFbPurchaseEvent', { orderToken });
    const events = (
      await call<{ browser: { kind: string; event: string | null }[] }>(
        'GET',
        `/orders/getOrderFbEventLog?orderToken=${orderToken}`,
      )
    ).data.browser;
    expect(events.map((e) => [e.kind, e.event])).toEqual([
      ['saveOrderPurchaseEvent', 'Purchase'],
      ['sendFbPurchaseEvent', null],
    ]);
  });

  it('tracks a seeded demo order by its tracking number, newest event first', async () => {
    const call = shopperOf(shop, newVisitor());
    const tracking = await call<Tracking>('GET', '/orders/tracking?number=vgtrack0001');
    expect(tracking.status).toBe(200);
    expect(tracking.data.trackingNumber).toBe('VGTRACK0001');
    const times = tracking.data.events.map((e) => e.at);
    expect(times.length).toBeGreaterThan(1);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await call('GET', '/orders/tracking?number=NOSUCH123')).toMatchObject({ status: 404, code: 5010 });
  });
});

describe('a payment that succeeds after its order expired', () => {
  it('is refunded and answered 5008, and the stock the order gave back stays on the shelf', async () => {
    let expireNow: () => Promise<unknown> = async () => {};
    const refunds: number[] = [];
    // A provider whose gateway is so slow that the order expires while it answers.
    const slow: Provider = {
      id: 'slow-card',
      name: { en: 'Slow card' },
      async createPayment() {
        await expireNow();
        return { status: 'succeeded', reference: 'slow-1', card: { brand: 'visa', last4: '4242' } };
      },
      retrieve: async (reference) => ({ status: 'succeeded', reference }),
      refund: async (_reference, amount) => {
        refunds.push(amount);
        return { refunded: amount };
      },
    };
    const slowShop = await createTestShop('pglite', {}, { providers: [slow] });
    await slowShop.database.db
      .insert(paymentMethods)
      .values({ code: 'slow-card', provider: 'slow-card', type: 'CARD', name: { en: 'Slow card' } });
    try {
      expireNow = () => slowShop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 60 * 60_000));
      const call = shopperOf(slowShop, newVisitor());
      const product = (await call<Product>('GET', '/products/rain-jacket')).data;
      const skuId = product.skus[0]!.id;
      const stock = async () =>
        (await queryRows<{ stock: number }>(slowShop.database.db, sql`select stock from skus where id = ${skuId}`))[0]!.stock;
      const before = await stock();
      const token = await readyCheckout(call, [{ skuId, quantity: 1 }]);
      const answer = await call('POST', '/payment/create-order', {
        checkoutToken: token,
        paymentMethodCode: 'slow-card',
        idempotencyKey: idempotencyKey(),
      });
      expect(answer).toMatchObject({ status: 410, code: 5008 });
      expect(refunds).toHaveLength(1);
      expect(await stock()).toBe(before);
      const [payment] = await queryRows<{ status: string }>(
        slowShop.database.db,
        sql`select status from payments where method = 'slow-card'`,
      );
      expect(payment!.status).toBe('refunded');
    } finally {
      await slowShop.close();
    }
  });
});
