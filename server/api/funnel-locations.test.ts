// Where a shopper is and goes in a funnel (spec section 7: nextlocation, prevLocation, checklocation, tks,
// funnelProducts, skus/detail, shippingTemplate, recentOrder, funnel/test/test), and the funnel addresses
// that redirect into a funnel's steps (/newCheckout/{handle}, /checkout/upsell, /checkout/downsell).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkout,
  FunnelLocation,
  FunnelProduct,
  FunnelRecentOrder,
  LiveFunnel,
  PaymentOutcome,
  Product,
  ShippingOption,
} from '../../schemas/generated/api';
import { cardToken, idempotencyKey, shopperOf, TEST_ADDRESS, type Call } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let shirt: number;
let funnelId: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  funnelId = (await shop.api().funnelStep('summer-linen')).funnel.id;
});
afterAll(() => shop?.close());

async function bought(call: Call) {
  const chosen = await call<Checkout>('POST', '/multicurrency/calculatePrice', {
    funnel: 'summer-linen',
    pageId: 'checkout',
    lines: [{ skuId: shirt, quantity: 1 }],
  });
  await call('POST', '/multicurrency/asyncPayInfoSave', {
    token: chosen.data.token,
    email: 'loc@example.com',
    shippingAddress: TEST_ADDRESS,
  });
  const options = await call<ShippingOption[]>('POST', '/multicurrency/shippingTemplate', {
    checkoutToken: chosen.data.token,
    countryCode: 'US',
    provinceCode: 'CA',
  });
  expect(options.status).toBe(200);
  expect(options.data[0]).toMatchObject({ name: 'Standard', price: { currencyCode: 'USD' } });
  await call('POST', '/multicurrency/asyncPayInfoSave', { token: chosen.data.token, shippingTemplateId: options.data[0]!.id });
  const paid = await call<PaymentOutcome>('POST', '/multicurrency/funnel-buy', {
    checkoutToken: chosen.data.token,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call),
    idempotencyKey: idempotencyKey(),
  });
  expect(paid.data.status).toBe('paid');
  return paid.data.orderToken;
}

describe('funnel locations', () => {
  it('the step after one, before one, by type, and the thank-you step', async () => {
    const call = shopperOf(shop, newVisitor());
    expect((await call<FunnelLocation>('GET', '/location/summer-linen/nextlocation?pageId=landing')).data).toEqual({
      funnel: 'summer-linen',
      pageId: 'checkout',
      type: 'checkout',
      path: '/funnel/summer-linen?pageId=checkout',
    });
    expect((await call<FunnelLocation>('GET', '/funnel/summer-linen/prevLocation?pageId=tote')).data.pageId).toBe('socks');
    expect((await call<FunnelLocation>('GET', '/location/summer-linen/checklocation?type=downsell')).data.pageId).toBe('tote');
    expect((await call<FunnelLocation>('GET', '/location/summer-linen/tks')).data.path).toBe(
      '/funnel/summer-linen?pageId=thanks',
    );
    expect((await call('GET', '/location/summer-linen/checklocation?pageId=gone')).status).toBe(404);
    expect((await call('GET', '/funnel/summer-linen/prevLocation')).status).toBe(400);
  });

  it('after an order: where its buyer goes next, its offers by type, its thank-you step and the visitor’s recent order', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    expect((await call('GET', `/orders/funnel/${funnelId}/recentOrder`)).status).toBe(404);
    const order = await bought(call);
    expect((await call<FunnelLocation>('GET', `/location/${order}/nextlocation`)).data.path).toBe(
      `/funnel/summer-linen?pageId=socks&order=${order}`,
    );
    expect((await call<FunnelLocation>('GET', `/location/${order}/nextlocation?type=downsell`)).data.path).toBe(
      `/funnel/summer-linen?pageId=tote&order=${order}`,
    );
    expect((await call<FunnelLocation>('GET', `/location/${order}/tks`)).data.path).toBe(
      `/funnel/summer-linen?pageId=thanks&order=${order}`,
    );
    expect((await call<FunnelRecentOrder>('GET', `/orders/funnel/${funnelId}/recentOrder`)).data.orderToken).toBe(order);
    expect((await shopperOf(shop, newVisitor())('GET', `/orders/funnel/${funnelId}/recentOrder`)).status).toBe(404);
  });

  it('the checkout step’s products as its block starts them, and SKU details by handle', async () => {
    const call = shopperOf(shop, newVisitor());
    const products = await call<FunnelProduct[]>('GET', '/funnel/summer-linen/funnelProducts');
    expect(products.data.map((p) => [p.funnel_checkout_product_handle, p.funnel_checkout_product_selected])).toEqual([
      ['linen-shirt', true],
      ['organic-cotton-tee', false],
    ]);
    expect(products.data[0]!.productData.skus.length).toBeGreaterThan(1);
    const details = await call<Product[]>('GET', '/funnel/skus/detail?handles=wool-beanie,linen-shirt');
    expect(details.data.map((p) => p.handle)).toEqual(['wool-beanie', 'linen-shirt']);
    expect((await call('GET', '/funnel/skus/detail?handles=Bad Handle')).status).toBe(400);
  });

  it('lists the live funnels with their checkout (the test checkout page)', async () => {
    const live = await shopperOf(shop, newVisitor())<LiveFunnel[]>('GET', '/funnel/test/test');
    expect(live.data).toContainEqual({
      handle: 'summer-linen',
      title: 'Summer linen shirt',
      checkout: '/funnel/summer-linen?pageId=checkout',
    });
  });
});

describe('funnel addresses that lead into a funnel', () => {
  const location = async (path: string) => {
    const response = await shop.app.request(path);
    return { status: response.status, location: response.headers.get('location') };
  };

  it('/newCheckout/{handle} opens the funnel’s checkout step; an unknown funnel is a 404', async () => {
    expect(await location('/newCheckout/summer-linen')).toMatchObject({
      status: 307,
      location: '/funnel/summer-linen?pageId=checkout',
    });
    expect((await location('/newCheckout/nope')).status).toBe(404);
  });

  it('/newCheckout/test lists the funnels to try', async () => {
    const page = await shop.app.request('/newCheckout/test');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test checkout');
    expect(html).toContain('href="/funnel/summer-linen?pageId=checkout"');
    expect(html).toContain('noindex');
  });

  it('/checkout/upsell and /checkout/downsell take a buyer to that order’s offers', async () => {
    const order = await bought(shopperOf(shop, newVisitor()));
    expect((await location(`/checkout/upsell?order=${order}`)).location).toBe(`/funnel/summer-linen?pageId=socks&order=${order}`);
    expect((await location(`/checkout/downsell?order=${order}`)).location).toBe(
      `/funnel/summer-linen?pageId=tote&order=${order}`,
    );
    expect((await location('/checkout/upsell')).status).toBe(404);
  });
});
