// Money paths probed from outside (issue 22): every choice that prices a checkout is checked again when
// what it depends on changes (a way of shipping never priced 0 for an address it does not serve); an
// order's address correction stays within the shipping paid for; a payment method pays only where its
// tags say, on every pay path.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Order, PaymentOutcome, Product } from '../../schemas/generated/api';
import { queryRows } from '../db/connect';
import { checkouts } from '../db/checkout-schema';
import { paymentMethods } from '../db/payment-schema';
import {
  buyInFunnel,
  idempotencyKey,
  readyFunnelCheckout,
  pay,
  readyCheckout,
  shopperOf,
  TEST_ADDRESS,
  type Call,
} from '../../test-support/server/buyer';
import { oneClickPathFor } from '../commerce/funnels/offers';
import type { OfferedMethod } from '../payments/registry';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const ALASKA = { ...TEST_ADDRESS, province: 'AK', city: 'Anchorage', address1: '1 Ship Creek Ave', zip: '99501' };
const NEW_YORK = { ...TEST_ADDRESS, province: 'NY', city: 'New York', address1: '1 Wall Street', zip: '10005' };

let shop: TestShop;
let beanie: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  // Taken off the funnels before the methods are first read (kept for CACHE_TTL_MS after).
  await shop.database.db.update(paymentMethods).set({ funnelTag: false }).where(eq(paymentMethods.code, 'klarna'));
  beanie = (await shopperOf(shop, newVisitor())<Product>('GET', '/products/wool-beanie')).data.skus[0]!.id;
});
afterAll(() => shop?.close());

const readCheckout = async (call: Call, token: string) =>
  (await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data;

describe('a way of shipping is checked again whenever the address changes', () => {
  it('drops Express chosen for California when only an Alaska address is saved, and never prices it 0', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }], { shippingTemplateId: 2 });
    expect((await readCheckout(call, token)).totals.totalShippingPrice.amount).toBe(1995);

    const moved = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', { token, shippingAddress: ALASKA });
    expect(moved.status).toBe(200);
    // No way of shipping is chosen for Alaska yet: the shopper is asked again, nothing is called free.
    expect(moved.data.shippingTemplateId).toBeNull();
    expect(moved.data.shippingTemplateName).toBeNull();
    const paid = await pay(call, token);
    expect(paid).toMatchObject({ status: 400, code: 7001 });

    // The only way to Alaska is named and priced; the order costs what the page showed.
    const chosen = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', { token, shippingTemplateId: 3 });
    expect(chosen.data.totals.totalShippingPrice.amount).toBe(1495);
    const outcome = await pay(call, token);
    expect(outcome.status).toBe(200);
    const order = (await call<Order>('GET', `/multicurrency/general/order/${(outcome.data as PaymentOutcome).orderToken}`)).data;
    expect(order.totals.totalShippingPrice.amount).toBe(1495);
  });

  it('keeps a way that still serves the new address (Express: California to New York)', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }], { shippingTemplateId: 2 });
    const moved = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', { token, shippingAddress: NEW_YORK });
    expect(moved.data).toMatchObject({ shippingTemplateId: 2, totals: { totalShippingPrice: { amount: 1995 } } });
  });

  it('refuses a way named for an address it does not serve, and saves nothing', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }]);
    const refused = await call('POST', '/multicurrency/asyncPayInfoSave', {
      token,
      shippingAddress: ALASKA,
      shippingTemplateId: 1,
    });
    expect(refused).toMatchObject({ status: 400, data: { errors: [{ path: '/shippingTemplateId', rule: 'shipping' }] } });
    expect((await readCheckout(call, token)).shippingAddress).toMatchObject({ province: 'CA' });
  });

  it('refuses to order a checkout whose stored choice no longer serves its address (templates changed), never shipping it free', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }], { shippingTemplateId: 2 });
    // A stored state no call can make any more: Express kept with an Alaska address.
    await shop.database.db.update(checkouts).set({ shippingAddress: ALASKA }).where(eq(checkouts.token, token));
    const read = await readCheckout(call, token);
    expect(read.shippingTemplateId).toBeNull();
    const refused = await pay(call, token);
    expect(refused).toMatchObject({ status: 400, code: 7001, data: { errors: [{ path: '/shippingTemplateId' }] } });
    const [orders] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id where c.token = ${token}`,
    );
    expect(orders!.n).toBe(0);
  });
});

describe('an order’s address correction stays within the shipping paid for', () => {
  async function paidOrder(templateId = 1) {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }], { shippingTemplateId: templateId });
    const paid = await pay(call, token);
    expect(paid.status).toBe(200);
    return { call, orderToken: (paid.data as PaymentOutcome).orderToken! };
  }

  it('refuses to move an order that paid Standard to California (6.95) to Alaska, and keeps its address', async () => {
    const { call, orderToken } = await paidOrder(1);
    const moved = await call('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: ALASKA });
    expect(moved).toMatchObject({ status: 400, data: { errors: [{ path: '/shippingAddress/province', rule: 'shipping' }] } });
    const order = (await call<Order>('GET', `/multicurrency/general/order/${orderToken}`)).data;
    expect(order.shippingAddress).toMatchObject({ province: 'CA' });
  });

  it('accepts a correction the way paid for serves at the same price (Express to New York)', async () => {
    const { call, orderToken } = await paidOrder(2);
    const moved = await call('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: NEW_YORK });
    expect(moved.status).toBe(200);
    const order = (await call<Order>('GET', `/multicurrency/general/order/${orderToken}`)).data;
    expect(order.shippingAddress).toMatchObject({ province: 'NY' });
  });

  it('refuses a correction the way paid for would now charge more for (its rate went up since)', async () => {
    const { call, orderToken } = await paidOrder(2);
    const setExpress = async (price: number) => {
      await shop.database.db.execute(
        sql`update reference_data set value = jsonb_set(value, '{shippingTemplates,1,rate,price}', ${String(price)}::jsonb) where key = 'checkout'`,
      );
      shop.app.commerce.caches.clear();
    };
    await setExpress(2995);
    try {
      const moved = await call('PUT', `/orders/${orderToken}/updateShipping`, { shippingAddress: NEW_YORK });
      expect(moved).toMatchObject({
        status: 400,
        data: { errors: [{ path: '/shippingAddress/province', rule: 'shippingPrice' }] },
      });
    } finally {
      await setExpress(1995);
    }
  });
});

describe('a payment method pays only where its tags say, on every pay path', () => {
  it('refuses a funnel-only method (AsiaBill) for a shop checkout: create-order, paymentStrategy and prePay', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }]);
    for (const path of ['/payment/create-order', '/paymentStrategy']) {
      const refused = await call('POST', path, {
        checkoutToken: token,
        paymentMethodCode: 'asiabill',
        idempotencyKey: idempotencyKey(),
      });
      expect(refused).toMatchObject({ code: 7005 });
    }
    expect(await call('POST', '/paymentStrategy/prePay', { checkoutToken: token, paymentMethodCode: 'asiabill' })).toMatchObject({
      code: 7005,
    });
    // Nothing was placed: the checkout has no order.
    expect((await readCheckout(call, token)).orderToken).toBeNull();
  });

  it('refuses a method taken off the funnels (Klarna) for a funnel checkout, by funnel-buy and by create-order', async () => {
    const call = shopperOf(shop, newVisitor());
    const shirt = (await call<Product>('GET', '/products/linen-shirt')).data.skus[0]!.id;
    await expect(buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], { method: 'klarna' })).rejects.toThrow(
      /funnel-buy: 4\d\d/,
    );
    const checkoutToken = await readyFunnelCheckout(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
    for (const path of ['/multicurrency/funnel-buy', '/payment/create-order']) {
      const refused = await call('POST', path, {
        checkoutToken,
        paymentMethodCode: 'klarna',
        idempotencyKey: idempotencyKey(),
      });
      expect(refused).toMatchObject({ code: 7005 });
    }
    // The same method still pays the shop's own checkout (normalTag).
    const shopToken = await readyCheckout(call, [{ skuId: beanie, quantity: 1 }]);
    const klarna = await call('POST', '/payment/create-order', {
      checkoutToken: shopToken,
      paymentMethodCode: 'klarna',
      idempotencyKey: idempotencyKey(),
    });
    expect(klarna.status).toBe(200);
  });

  it('never offers a one-click charge with a method no longer taken where the main order was paid', () => {
    const method = (funnelTag: boolean) =>
      ({
        code: 'card',
        normalTag: true,
        funnelTag,
        options: {},
        handler: { oneClickPath: () => 'charge' },
      }) as unknown as OfferedMethod;
    expect(oneClickPathFor(method(true), {})).toBe('charge');
    expect(oneClickPathFor(method(false), {})).toBeNull();
    // After the shop's own checkout, the shop checkout's tag decides, whatever the funnels take.
    expect(oneClickPathFor(method(false), {}, 'shopOffer')).toBe('charge');
    expect(oneClickPathFor({ ...method(true), normalTag: false } as OfferedMethod, {}, 'shopOffer')).toBeNull();
  });
});
