// The address confirmation of spec sections 2 and 4 over the API, as the shopper's browser goes through
// it: a card whose issuer cannot match the address (4000 0000 0000 0010) leaves the order waiting on
// /payment/confirmAddress for 15 minutes; the address confirmed (or corrected) in time pays it; past
// that the expiry job cancels it (stock back), its page says so, going on is refused (5008), and
// "Order again" puts its lines back in the cart (renderer/ui/payment-actions/reorder.ts, with the
// renderer's own API client), leaving out what sold out meanwhile.
import { stockOf, setStock } from '../../test-support/server/skus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Order, OrderStatus, PaymentOutcome, Product } from '../../schemas/generated/api';
import { createApiClient } from '../../renderer/api/client';
import { reorder } from '../../renderer/ui/payment-actions/reorder';
import { ADDRESS_CONFIRM_MS } from '../commerce/orders/payment-windows';
import { pay, readyCheckout, shopperOf, TEST_ADDRESS, type Call } from '../../test-support/server/buyer';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const ADDRESS_CHECK = '4000000000000010';

let shop: TestShop;
const sku: Record<string, number> = {};
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  for (const handle of ['linen-shirt', 'wool-beanie']) {
    const product = (await shopperOf(shop, newVisitor())<Product>('GET', `/products/${handle}`)).data;
    sku[handle] = product.skus[0]!.id;
  }
});
afterAll(() => shop?.close());

/** A visitor's order paid with the address-check card: waiting on /payment/confirmAddress. */
async function waitingOrder(visitor = newVisitor()) {
  const call = shopperOf(shop, visitor);
  const items = [
    { skuId: sku['linen-shirt']!, quantity: 2 },
    { skuId: sku['wool-beanie']!, quantity: 1 },
  ];
  const token = await readyCheckout(call, items);
  const before = Date.now();
  const answer = await pay(call, token, ADDRESS_CHECK);
  expect(answer.status).toBe(200);
  return { call, visitor, outcome: answer.data, before };
}

const statusOf = async (call: Call, token: string) =>
  (await call<OrderStatus>('GET', `/multicurrency/general/order/${token}/ckstatus`)).data;

describe('/payment/confirmAddress', () => {
  it('sends the shopper to confirm the address, with 15 minutes to do it', async () => {
    const { call, outcome, before } = await waitingOrder();
    expect(outcome).toMatchObject({ status: 'action', action: 'confirmAddress' });
    expect(outcome.next).toBe(`/payment/confirmAddress?order=${outcome.orderToken}`);
    expect(ADDRESS_CONFIRM_MS).toBe(15 * 60_000);
    const status = await statusOf(call, outcome.orderToken);
    expect(status.status).toBe('pending');
    expect(status.payment).toMatchObject({ status: 'action', action: 'confirmAddress', next: outcome.next });
    const by = Date.parse(status.addressConfirmBy!);
    expect(by).toBeGreaterThanOrEqual(before + ADDRESS_CONFIRM_MS - 1000);
    expect(by).toBeLessThanOrEqual(Date.now() + ADDRESS_CONFIRM_MS + 1000);
    // The page shows the order's address to confirm.
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.shippingAddress).toEqual(TEST_ADDRESS);
  });

  it('pays the order once the address is confirmed, keeping the corrected address', async () => {
    const { call, outcome } = await waitingOrder();
    const corrected = { ...TEST_ADDRESS, address1: '2 Market Street', address2: 'Suite 5' };
    const resumed = await call<PaymentOutcome>('PUT', '/paymentStrategy', { orderToken: outcome.orderToken, address: corrected });
    expect(resumed.status).toBe(200);
    expect(resumed.data).toMatchObject({ status: 'paid', next: `/thankyou/${outcome.orderToken}` });
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.status).toBe('paid');
    expect(order.shippingAddress).toEqual(corrected);
    expect((await statusOf(call, outcome.orderToken)).addressConfirmBy).toBeNull();
    // The countdown of a paid order is over: the job leaves it paid.
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 16 * 60_000));
    expect((await statusOf(call, outcome.orderToken)).status).toBe('paid');
  });

  it('refuses an address the checkout’s rules refuse, or one the way of shipping paid for does not serve', async () => {
    const { call, outcome } = await waitingOrder();
    const bad = await call<{ errors: { path: string; rule: string }[] }>('PUT', '/paymentStrategy', {
      orderToken: outcome.orderToken,
      address: { ...TEST_ADDRESS, address1: '123', zip: 'abc', city: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.errors.map((e) => [e.path, e.rule]).sort()).toEqual([
      ['/address/address1', 'addressInvalid'],
      ['/address/city', 'required'],
      ['/address/zip', 'zip'],
    ]);
    const elsewhere = await call<{ errors: { path: string; rule: string }[] }>('PUT', '/paymentStrategy', {
      orderToken: outcome.orderToken,
      address: { ...TEST_ADDRESS, country: 'ZZ' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.data.errors[0]).toMatchObject({ path: '/address/country' });
    // Nothing changed: the order still waits with its address.
    expect((await statusOf(call, outcome.orderToken)).status).toBe('pending');
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.shippingAddress).toEqual(TEST_ADDRESS);
  });

  it('is refused without an address', async () => {
    const { call, outcome } = await waitingOrder();
    const resumed = await call('PUT', '/paymentStrategy', { orderToken: outcome.orderToken });
    expect(resumed.status).not.toBe(200);
    expect((await statusOf(call, outcome.orderToken)).status).toBe('pending');
  });

  it('cancels the order when the countdown ends: stock back, the page says so, going on is refused (5008)', async () => {
    // Orders left waiting by the tests before are over first, so the stock counted here is this order's.
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 16 * 60_000));
    const shirtStock = await stockOf(shop, sku['linen-shirt']!);
    const { call, outcome } = await waitingOrder();
    expect(await stockOf(shop, sku['linen-shirt']!)).toBe(shirtStock - 2);
    // Not before its time.
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 14 * 60_000));
    expect((await statusOf(call, outcome.orderToken)).status).toBe('pending');
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 16 * 60_000));
    const status = await statusOf(call, outcome.orderToken);
    expect(status.status).toBe('canceled');
    expect(status.payment?.next).toBe(`/payment/confirmAddress?order=${outcome.orderToken}`);
    expect(await stockOf(shop, sku['linen-shirt']!)).toBe(shirtStock);
    // The return page's own call leads to the same page.
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'canceled', next: `/payment/confirmAddress?order=${outcome.orderToken}` });
    const late = await call('PUT', '/paymentStrategy', { orderToken: outcome.orderToken, address: TEST_ADDRESS });
    expect(late.code).toBe(5008);
    expect((await statusOf(call, outcome.orderToken)).status).toBe('canceled');
  });

  it('refuses to go on past the countdown even before the job canceled the order (5008)', async () => {
    const { call, outcome } = await waitingOrder();
    await shop.database.db.execute(
      sql`update orders set address_confirm_by = now() - interval '1 second' where token = ${outcome.orderToken}`,
    );
    const late = await call('PUT', '/paymentStrategy', { orderToken: outcome.orderToken, address: TEST_ADDRESS });
    expect(late.code).toBe(5008);
    expect((await statusOf(call, outcome.orderToken)).status).not.toBe('paid');
  });
});

describe('Order again', () => {
  const clientOf = (visitor: string) =>
    createApiClient({
      origin: 'http://shop.test',
      fetch: async (input, init) => shop.app.fetch(input instanceof Request && !init ? input : new Request(input, init)),
      locale: 'en',
      visitorId: visitor,
      timeout: false,
    });

  async function canceledOrder() {
    const { call, visitor, outcome } = await waitingOrder();
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 16 * 60_000));
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.status).toBe('canceled');
    return { call, visitor, order };
  }

  const cartOf = async (call: Call) =>
    (await call<Cart>('GET', '/multicurrency/shopping-carts')).data.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));

  it('puts the order’s lines back into an empty cart', async () => {
    const { call, visitor, order } = await canceledOrder();
    // The shopper emptied the cart meanwhile (or orders again from another device).
    for (const line of (await call<Cart>('GET', '/multicurrency/shopping-carts')).data.lines)
      await call('DELETE', `/multicurrency/shopping-carts/${line.id}`);
    expect(await cartOf(call)).toEqual([]);
    const result = await reorder(clientOf(visitor), order.lines);
    expect(result.leftOut).toEqual([]);
    expect(result.quantity).toBe(3);
    expect(await cartOf(call)).toEqual(
      expect.arrayContaining([
        { skuId: sku['linen-shirt']!, quantity: 2 },
        { skuId: sku['wool-beanie']!, quantity: 1 },
      ]),
    );
  });

  it('does not double what the cart still holds', async () => {
    const { call, visitor, order } = await canceledOrder();
    const result = await reorder(clientOf(visitor), order.lines);
    expect(result.leftOut).toEqual([]);
    expect(result.quantity).toBe(3);
    expect((await cartOf(call)).sort((a, b) => a.skuId - b.skuId)).toEqual(
      [
        { skuId: sku['linen-shirt']!, quantity: 2 },
        { skuId: sku['wool-beanie']!, quantity: 1 },
      ].sort((a, b) => a.skuId - b.skuId),
    );
  });

  it('leaves out what sold out meanwhile and names it', async () => {
    const { call, visitor, order } = await canceledOrder();
    for (const line of (await call<Cart>('GET', '/multicurrency/shopping-carts')).data.lines)
      await call('DELETE', `/multicurrency/shopping-carts/${line.id}`);
    const beanieStock = await stockOf(shop, sku['wool-beanie']!);
    await setStock(shop, sku['wool-beanie']!, 0);
    try {
      const result = await reorder(clientOf(visitor), order.lines);
      expect(result.leftOut.map((l) => l.skuId)).toEqual([sku['wool-beanie']]);
      expect(result.added.map((l) => l.skuId)).toEqual([sku['linen-shirt']]);
      expect(await cartOf(call)).toEqual([{ skuId: sku['linen-shirt']!, quantity: 2 }]);
    } finally {
      await setStock(shop, sku['wool-beanie']!, beanieStock);
    }
  });
});
