// Campaign attribution over the API (issue 27): POST /api/utm records a visitor's first touch once and
// their last touch on each campaign visit; an order keeps the touches it was placed with; the merchant's
// report counts paid orders by source, medium and campaign, per currency, net of refunds.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttributionReport, FunnelStepView, OfferAnswer, PaymentOutcome, ReturnRequest } from '../../schemas/generated/api';
import {
  buyInFunnel,
  cardToken,
  idempotencyKey,
  pay,
  readyCheckout,
  shopperOf,
  type Call,
} from '../../test-support/server/buyer';
import { buyAs, linkOrder, moveReturn, ship } from '../../test-support/server/customer-orders';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { signatureQuery } from '../../test-support/server/sign';
import { firstSku, setStock } from '../../test-support/server/skus';
import {
  createTestShop,
  merchantHeaders,
  PUBLIC_URL,
  readEnvelope,
  visitorCall,
  visitors,
  type TestShop,
} from '../../test-support/server/test-app';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import { visitorTouches } from '../db/attribution-schema';
import { orders } from '../db/order-schema';

let shop: TestShop;
let shirt: number;
const nextVisitor = visitors();
let made = 0;
const unique = (name: string) => `${name}${++made}@example.com`;

beforeAll(async () => {
  shop = await createTestShop('pglite');
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await setStock(shop, shirt, 100_000);
}, 60_000);
afterAll(() => shop.close());

/** The page's call: the encoded current path (spec section 7). */
const visit = (visitor: string, path: string) =>
  visitorCall<{ recorded: boolean }>(shop, visitor, 'POST', '/utm', { fullUrl: encodeURIComponent(path) });

const report = async (query: Record<string, string>) =>
  readEnvelope<AttributionReport>(
    await shop.app.request(`/api/reports/attribution?${new URLSearchParams(query)}`, { headers: merchantHeaders }),
  );

/** The report over the orders placed since `since`. */
const reportSince = async (since: Date, touch: 'first' | 'last' = 'last') => {
  const answer = await report({ from: since.toISOString(), to: new Date(Date.now() + 60_000).toISOString(), touch });
  expect(answer.status).toBe(200);
  return answer.data;
};

const totalOf = async (orderId: number) => {
  const [row] = await shop.database.db.select({ totals: orders.totals }).from(orders).where(eq(orders.id, orderId));
  return row!.totals!.totalPrice;
};

describe('POST /api/utm', () => {
  it('needs the visitor id, a fullUrl of bounded length and nothing else', async () => {
    const noVisitor = await readEnvelope(
      await shop.app.request('/api/utm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullUrl: '%2F%3Futm_source%3Da' }),
      }),
    );
    expect(noVisitor.status).toBe(400);
    const visitor = nextVisitor();
    const call = (body: unknown) => visitorCall(shop, visitor, 'POST', '/utm', body);
    expect(await call({})).toMatchObject({ status: 400, data: { errors: [{ path: '/fullUrl' }] } });
    expect(await call({ fullUrl: '/?utm_source=a', referrer: 'x' })).toMatchObject({ status: 400 });
    expect(await call({ fullUrl: `/?utm_source=${'a'.repeat(2100)}` })).toMatchObject({ status: 400 });
    expect(await call({ fullUrl: 'javascript:alert(1)' })).toMatchObject({
      status: 400,
      data: { errors: [{ path: '/fullUrl' }] },
    });
    // Nothing was kept of any of them.
    expect(await shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor))).toEqual([]);
  });

  it('answers ok and changes nothing for an address without utm_* values', async () => {
    const visitor = nextVisitor();
    expect(await visit(visitor, '/products/linen-shirt?color=blue')).toMatchObject({ status: 200, data: { recorded: false } });
    expect(await visit(visitor, '/?utm_source=%20')).toMatchObject({ status: 200, data: { recorded: false } });
    expect(await shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor))).toEqual([]);
  });

  it('keeps one row per visitor however often it is called', async () => {
    const visitor = nextVisitor();
    for (let i = 0; i < 5; i++)
      expect((await visit(visitor, `/?utm_source=bot&utm_campaign=c${i}`)).data).toEqual({ recorded: true });
    const rows = await shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstCampaign: 'c0', lastCampaign: 'c4' });
  });

  it("records nothing for a crawler's call", async () => {
    const visitor = nextVisitor();
    const answer = await readEnvelope(
      await shop.app.request('/api/utm', {
        method: 'POST',
        headers: {
          customerUUID: visitor,
          'Content-Type': 'application/json',
          'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
        },
        body: JSON.stringify({ fullUrl: '/?utm_source=a' }),
      }),
    );
    expect(answer).toMatchObject({ status: 200, data: { recorded: false } });
    expect(await shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor))).toEqual([]);
  });
});

describe('touches on orders', () => {
  it('credits the first campaign to the first touch and the latest to the last; later visits change no order', async () => {
    const since = new Date();
    const visitor = nextVisitor();
    await visit(visitor, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-a');
    // A visit without parameters in between changes neither touch.
    await visit(visitor, '/collections/all');
    await visit(visitor, '/products/linen-shirt?utm_source=instagram&utm_medium=social&utm_campaign=summer-a');
    const order = await buyAs(shop, unique('touched'), [{ skuId: shirt, quantity: 1 }], { visitor });
    const total = await totalOf(order.orderId);
    // After the order: another campaign visit moves the visitor's last touch, not the order's.
    await visit(visitor, '/?utm_source=ads&utm_medium=cpc&utm_campaign=autumn-a');

    const usd = (amount: number) => ({ amount, currencyCode: 'USD' });
    const row = { currencyCode: 'USD', orders: 1, gross: usd(total), refunds: usd(0), net: usd(total) };
    expect((await reportSince(since, 'first')).rows).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'spring-a', ...row },
    ]);
    expect((await reportSince(since, 'last')).rows).toEqual([
      { source: 'instagram', medium: 'social', campaign: 'summer-a', ...row },
    ]);
    const [kept] = await shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor));
    expect(kept).toMatchObject({ firstCampaign: 'spring-a', lastCampaign: 'autumn-a', lastLandingPath: '/' });
  });

  it('reports an order without a campaign touch as (direct) / (none)', async () => {
    const since = new Date();
    const order = await buyAs(shop, unique('direct'), [{ skuId: shirt, quantity: 1 }]);
    expect((await reportSince(since)).rows).toEqual([
      expect.objectContaining({
        source: '(direct)',
        medium: '(none)',
        campaign: '(none)',
        orders: 1,
        net: { amount: await totalOf(order.orderId), currencyCode: 'USD' },
      }),
    ]);
  });

  it("finds a signed-in customer's campaign visit made on another device", async () => {
    const since = new Date();
    const customer = await newCustomer(shop, { email: unique('devices') });
    const phone = nextVisitor();
    const signedIn = await readEnvelope(
      await shop.app.request('/api/utm', {
        method: 'POST',
        headers: { ...customer.headers, customerUUID: phone },
        body: JSON.stringify({ fullUrl: encodeURIComponent('/?utm_source=tiktok&utm_medium=social&utm_campaign=devices') }),
      }),
    );
    expect(signedIn.data).toEqual({ recorded: true });
    // Bought on the laptop, signed in: the phone's campaign is the order's.
    const laptop = signedInShopper(customer, nextVisitor());
    const checkout = await readyCheckout(laptop, [{ skuId: shirt, quantity: 1 }], { email: customer.email });
    const paid = await laptop<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken: checkout,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(laptop),
      idempotencyKey: idempotencyKey(),
    });
    expect(paid.status).toBe(200);
    expect((await reportSince(since)).rows).toEqual([
      expect.objectContaining({ source: 'tiktok', campaign: 'devices', orders: 1 }),
    ]);
  });
});

describe('touches on a funnel offer', () => {
  it("credits an accepted upsell's revenue to the main order's campaign, as one order", async () => {
    const since = new Date();
    const visitor = nextVisitor();
    await visit(visitor, '/funnel/summer-linen?utm_source=facebook&utm_medium=paid-social&utm_campaign=funnel');
    const call = shopperOf(shop, visitor);
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
    expect(outcome.status).toBe('paid');
    const shown = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`,
    );
    expect(shown.data.offer).toBeTruthy();
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', {
      token: shown.data.offer!.token,
      decision: 'accept',
    });
    expect(accepted.data.status).toBe('accepted');
    // Another campaign afterwards changes neither order's record.
    await visit(visitor, '/?utm_source=later&utm_campaign=later');

    const sold = await shop.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.visitorId, visitor), eq(orders.status, 'paid')));
    expect(sold).toHaveLength(2);
    const gross = (await totalOf(sold[0]!.id)) + (await totalOf(sold[1]!.id));
    for (const touch of ['first', 'last'] as const)
      expect((await reportSince(since, touch)).rows).toEqual([
        expect.objectContaining({
          source: 'facebook',
          medium: 'paid-social',
          campaign: 'funnel',
          orders: 1,
          net: { amount: gross, currencyCode: 'USD' },
        }),
      ]);
  });
});

/** A visitor's calls made while signed in as `customer` (the `sign` header), payment calls signed. */
function signedInShopper(customer: TestCustomer, visitor: string): Call {
  return async (method, path, body) => {
    const signed = isSignedPaymentCall(method, path)
      ? `${path}${path.includes('?') ? '&' : '?'}${signatureQuery({ origin: PUBLIC_URL, visitor, body })}`
      : path;
    return readEnvelope(
      await shop.app.request(`/api${signed}`, {
        method,
        headers: { ...customer.headers, customerUUID: visitor },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  };
}

describe('GET /api/reports/attribution', () => {
  it('keeps currencies apart and counts only paid orders', async () => {
    const since = new Date();
    const inUsd = nextVisitor();
    const inEur = nextVisitor();
    await visit(inUsd, '/?utm_source=google&utm_medium=cpc&utm_campaign=currencies');
    await visit(inEur, '/?utm_source=google&utm_medium=cpc&utm_campaign=currencies');
    const usdOrder = await buyAs(shop, unique('usd'), [{ skuId: shirt, quantity: 1 }], { visitor: inUsd });
    const euro = shopperOf(shop, inEur, 'currencyCode=EUR');
    const paid = await pay(
      euro,
      await readyCheckout(euro, [{ skuId: shirt, quantity: 2 }], { email: unique('eur'), shippingTemplateId: 2 }),
    );
    expect(paid.status).toBe(200);
    const [eurOrder] = await shop.database.db
      .select({ id: orders.id, currencyCode: orders.currencyCode })
      .from(orders)
      .where(eq(orders.visitorId, inEur));
    expect(eurOrder!.currencyCode).toBe('EUR');
    // A declined payment leaves its order unpaid: not a sale.
    const declined = nextVisitor();
    await visit(declined, '/?utm_source=google&utm_medium=cpc&utm_campaign=currencies');
    const call = shopperOf(shop, declined);
    expect((await pay(call, await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]), '4000 0000 0000 0002')).status).not.toBe(
      200,
    );

    const usdTotal = await totalOf(usdOrder.orderId);
    const eurTotal = await totalOf(eurOrder!.id);
    const { rows, totals } = await reportSince(since);
    expect(rows.map((r) => [r.campaign, r.currencyCode, r.orders, r.gross.amount, r.gross.currencyCode])).toEqual([
      ['currencies', 'EUR', 1, eurTotal, 'EUR'],
      ['currencies', 'USD', 1, usdTotal, 'USD'],
    ]);
    expect(totals.map((t) => [t.currencyCode, t.orders, t.net.amount])).toEqual([
      ['EUR', 1, eurTotal],
      ['USD', 1, usdTotal],
    ]);
  });

  it('subtracts what returns refunded', async () => {
    const since = new Date();
    const visitor = nextVisitor();
    await visit(visitor, '/?utm_source=newsletter&utm_medium=email&utm_campaign=refunds');
    const customer = await newCustomer(shop, { email: unique('refund') });
    const order = await buyAs(shop, customer.email, [{ skuId: shirt, quantity: 2 }], { visitor });
    await linkOrder(shop, order.orderId, customer.id);
    await ship(shop, order.number);
    const call = async <T>(method: string, path: string, body?: unknown) =>
      readEnvelope<T>(
        await shop.app.request(`/api${path}`, {
          method,
          headers: customer.browser,
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    const detail = await call<{ lines: { lineId: number }[] }>('GET', `/customer/orders/${order.orderId}`);
    const asked = await call<ReturnRequest>('POST', `/customer/orders/${order.orderId}/returns`, {
      lines: [{ lineId: detail.data.lines[0]!.lineId, quantity: 1 }],
      reason: 'damaged',
    });
    expect(asked.status).toBe(201);
    await moveReturn(shop, asked.data.id, { status: 'approved' });
    await moveReturn(shop, asked.data.id, { status: 'received' });
    const refunded = await moveReturn(shop, asked.data.id, { status: 'refunded' });
    const refund = refunded.data.return.refund!.amount;
    expect(refund).toBeGreaterThan(0);

    const gross = await totalOf(order.orderId);
    const [row] = (await reportSince(since)).rows;
    expect(row).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'refunds',
      currencyCode: 'USD',
      orders: 1,
      gross: { amount: gross, currencyCode: 'USD' },
      refunds: { amount: refund, currencyCode: 'USD' },
      net: { amount: gross - refund, currencyCode: 'USD' },
    });
  });

  it('refuses bad dates, an empty period and an unknown touch with a clear 400; needs the merchant token', async () => {
    const bad: Record<string, string>[] = [
      { from: 'yesterday' },
      { to: '2025-02-30T00:00:00Z' },
      { touch: 'middle' },
      { since: '2025-01-01T00:00:00Z' },
    ];
    for (const query of bad) {
      const answer = await report(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.data).toMatchObject({ errors: [expect.objectContaining({ path: expect.any(String) })] });
    }
    const empty = await report({ from: '2025-03-02T00:00:00Z', to: '2025-03-01T00:00:00Z' });
    expect(empty).toMatchObject({ status: 400, data: { errors: [{ path: '/from', rule: 'period' }] } });
    expect(empty.message).toMatch(/before/);
    const anonymous = await shop.app.request('/api/reports/attribution');
    expect(anonymous.status).toBe(401);
  });

  it('answers the last 30 days by default, credited to the last touch', async () => {
    const answer = await report({});
    expect(answer.status).toBe(200);
    expect(answer.data.touch).toBe('last');
    expect(Date.parse(answer.data.to) - Date.parse(answer.data.from)).toBe(30 * 86_400_000);
    // The seeded demo orders (no currency, no total: never sold) are not sales.
    expect(answer.data.totals.every((t) => t.currencyCode && t.gross.amount > 0)).toBe(true);
  });
});
