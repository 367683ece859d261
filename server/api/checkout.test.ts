// Checkout calls before an order: shipping priced for the visitor's cart and destination (5007 where the
// shop does not ship), the countries served, tip and shipping insurance on offer.
import { firstSku } from '../../test-support/server/skus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Checkout, Country, ShippingOption } from '../../schemas/generated/api';
import { TEST_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, readEnvelope, visitorCall, visitors, type TestShop } from '../../test-support/server/test-app';

describe('checkout settings and shipping', () => {
  let shop: TestShop;
  let shirt: number;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    shirt = (await firstSku(shop, 'linen-shirt')).id;
  });
  afterAll(() => shop?.close());

  const visitor = '0c0ffee0-0000-4000-8000-00000000c0de';
  const get = async <T>(path: string) =>
    readEnvelope<T>(await shop.app.request(`/api${path}`, { headers: { customerUUID: visitor } }));

  it('prices the ways of shipping for the cart: free standard shipping from $75.00 after discounts', async () => {
    const empty = await get<ShippingOption[]>('/multicurrency/general/shipping-template?countryCode=US&provinceCode=CA');
    expect(empty.data.map((o) => [o.name, o.price.amount])).toEqual([
      ['Standard', 695],
      ['Express', 1995],
    ]);
    await shop.app.request('/api/shopping-carts', {
      method: 'POST',
      headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
      body: JSON.stringify({ skuId: shirt, quantity: 2 }),
    });
    const full = await get<ShippingOption[]>(
      '/multicurrency/general/shipping-template?countryCode=US&provinceCode=CA&currencyCode=EUR',
    );
    expect(full.data[0]).toMatchObject({
      name: 'Standard',
      price: { amount: 0, currencyCode: 'EUR' },
      deliveryDays: { min: 3, max: 5 },
    });
    expect(full.data[1]!.price.currencyCode).toBe('EUR');
  });

  it('gives Alaska its own template, and refuses a country it does not ship to with the spec’s words', async () => {
    expect(
      (await get<ShippingOption[]>('/multicurrency/general/shipping-template?countryCode=US&provinceCode=AK')).data.map(
        (o) => o.id,
      ),
    ).toEqual([3]);
    expect(await get('/multicurrency/general/shipping-template?countryCode=CN')).toMatchObject({
      status: 422,
      code: 5007,
      message: 'Unfortunately we cannot offer services to the specified country',
    });
  });

  it('lists the countries served, and the tip and insurance on offer', async () => {
    const countries = (await get<Country[]>('/shipping-template/country')).data.map((c) => c.code);
    expect(countries).toContain('US');
    expect(countries).toContain('FR');
    expect(countries).not.toContain('CN');
    expect((await get('/multicurrency/additional/tip?currencyCode=EUR')).data).toMatchObject({
      enabled: true,
      max: { currencyCode: 'EUR' },
      presets: [0, 5, 10, 15],
    });
    expect((await get('/multicurrency/additional/shippingInsurance')).data).toEqual({ enabled: true, percentage: 3 });
  });
});

describe('starting and reading a checkout', () => {
  let shop: TestShop;
  const sku: Record<string, number> = {};
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    for (const handle of ['linen-shirt', 'rain-jacket']) {
      sku[handle] = (await firstSku(shop, handle)).id;
    }
  });
  afterAll(() => shop?.close());

  const newVisitor = visitors();
  const call = <T>(visitor: string, method: string, path: string, body?: unknown) =>
    visitorCall<T>(shop, visitor, method, path, body);

  it('starts from the cart, with its coupon, and reads the same prices as the cart', async () => {
    const visitor = newVisitor();
    await call(visitor, 'POST', '/shopping-carts', { skuId: sku['linen-shirt'], quantity: 2 });
    await call(visitor, 'POST', '/multicurrency/general/coupon', { code: 'SAVE5' });
    const cart = (await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts')).data;
    const started = await call<{ token: string }>(visitor, 'POST', '/multicurrency/general/checkout', {});
    expect(started.status).toBe(201);
    expect(started.data.token).toMatch(/^[0-9a-f]{32}$/);
    const checkout = (await call<Checkout>(visitor, 'GET', `/multicurrency/general/checkout/${started.data.token}`)).data;
    expect(checkout).toMatchObject({
      status: 'open',
      buyNow: false,
      coupon: { code: 'SAVE5', applied: true },
      asShippingAddress: true,
    });
    expect(checkout.lines.map((l) => [l.skuId, l.quantity])).toEqual([[sku['linen-shirt'], 2]]);
    expect(checkout.totals.subtotalPrice).toEqual(cart.totals.subtotalPrice);
    expect(checkout.totals).toMatchObject({
      totalShippingPrice: { amount: 0 },
      shippingInsurancePrice: { amount: 0 },
      tipPrice: { amount: 0 },
    });
    // The token survives: read again, the same checkout.
    expect((await call<Checkout>(newVisitor(), 'GET', `/multicurrency/general/checkout/${started.data.token}`)).data.token).toBe(
      started.data.token,
    );
  });

  it('buys one item now, leaving the cart as it is', async () => {
    const visitor = newVisitor();
    await call(visitor, 'POST', '/shopping-carts', { skuId: sku['linen-shirt'], quantity: 1 });
    const { data } = await call<{ token: string }>(visitor, 'POST', '/multicurrency/general/checkout', {
      buyNow: { skuId: sku['rain-jacket'], quantity: 1 },
    });
    const checkout = (await call<Checkout>(visitor, 'GET', `/multicurrency/general/checkout/${data.token}`)).data;
    expect(checkout).toMatchObject({ buyNow: true, lines: [{ skuId: sku['rain-jacket'], quantity: 1 }] });
    expect((await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts')).data.lines.map((l) => l.skuId)).toEqual([
      sku['linen-shirt'],
    ]);
  });

  it('refuses an empty cart, an item beyond its stock, and a token that names nothing', async () => {
    expect(await call(newVisitor(), 'POST', '/multicurrency/general/checkout', {})).toMatchObject({ status: 400 });
    expect(
      await call(newVisitor(), 'POST', '/multicurrency/general/checkout', {
        buyNow: { skuId: sku['rain-jacket'], quantity: 999 },
      }),
    ).toMatchObject({ status: 409, code: 5003 });
    for (const token of ['0'.repeat(32), 'not-a-token']) {
      expect(await call(newVisitor(), 'GET', `/multicurrency/general/checkout/${token}`)).toMatchObject({
        status: 404,
        code: 5009,
      });
    }
  });

  const address = TEST_ADDRESS;

  /** A new visitor's checkout of one rain jacket. */
  async function checkoutOfOneJacket() {
    const visitor = newVisitor();
    await call(visitor, 'POST', '/shopping-carts', { skuId: sku['rain-jacket'], quantity: 1 });
    const { token } = (await call<{ token: string }>(visitor, 'POST', '/multicurrency/general/checkout', {})).data;
    return { visitor, token };
  }

  it('saves contact, address, shipping, insurance and tip, and prices them', async () => {
    const { visitor, token } = await checkoutOfOneJacket();
    const details = {
      email: 'ada@example.com',
      acceptsMarketing: true,
      shippingAddress: address,
      shippingTemplateId: 2,
      insurance: true,
      tip: 300,
    };
    const saved = await call<Checkout>(visitor, 'POST', '/multicurrency/general/checkout-onepage', { token, ...details });
    expect(saved.status).toBe(200);
    // 149.00 less 10 % (spend and save) = 134.10; express 19.95; insurance 3 % = 4.02; tip 3.00.
    // What was sent is what is kept.
    expect(saved.data).toMatchObject({
      ...details,
      totals: {
        subtotalPrice: { amount: 13410 },
        totalShippingPrice: { amount: 1995 },
        shippingInsurancePrice: { amount: 402 },
        tipPrice: { amount: 300 },
        totalPrice: { amount: 16107 },
      },
    });
    expect((await call<Checkout>(visitor, 'GET', `/multicurrency/general/checkout/${token}`)).data.totals.totalPrice.amount).toBe(
      16107,
    );
  });

  it('names every bad field with the rule of spec section 5, and saves nothing', async () => {
    const { visitor, token } = await checkoutOfOneJacket();
    const refused = await call<{ errors: { path: string; rule: string; message: string }[] }>(
      visitor,
      'POST',
      '/multicurrency/general/checkout-onepage',
      {
        token,
        email: 'ada@example',
        shippingAddress: { ...address, address1: '１２ ３', zip: '941', phone: 'call me', province: 'XX' },
        asShippingAddress: false,
        billingAddress: { ...address, country: 'CN', province: '' },
        tip: 999_999,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors.map((e) => [e.path, e.rule])).toEqual([
      ['/email', 'email'],
      ['/shippingAddress/address1', 'addressInvalid'],
      ['/shippingAddress/province', 'required'],
      ['/shippingAddress/zip', 'zip'],
      ['/shippingAddress/phone', 'phone'],
      ['/billingAddress/country', 'unsupportedCountry'],
      ['/tip', 'tipTooHigh'],
    ]);
    expect(refused.data.errors.find((e) => e.path === '/billingAddress/country')!.message).toBe(
      'Unfortunately we cannot offer services to the specified country',
    );
    const unchanged = (await call<Checkout>(visitor, 'GET', `/multicurrency/general/checkout/${token}`)).data;
    expect(unchanged).toMatchObject({ email: null, shippingAddress: null, asShippingAddress: true, tip: 0 });
    // A way of shipping the address does not have.
    expect(
      await call(visitor, 'POST', '/multicurrency/asyncPayInfoSave', {
        token,
        shippingAddress: { ...address, province: 'HI' },
        shippingTemplateId: 1,
      }),
    ).toMatchObject({ status: 400, data: { errors: [{ path: '/shippingTemplateId' }] } });
  });
});

describe('shipping priced for what is being bought', () => {
  let shop: TestShop;
  const sku: Record<string, number> = {};
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    for (const handle of ['linen-shirt', 'wool-beanie', 'roll-top-backpack']) {
      sku[handle] = (await firstSku(shop, handle)).id;
    }
  });
  afterAll(() => shop?.close());
  const newVisitor = visitors();

  it('prices buy now for its own item, not for the cart, and Economy by the parcel’s weight', async () => {
    const visitor = newVisitor();
    const call = <T>(method: string, path: string, body?: unknown) => visitorCall<T>(shop, visitor, method, path, body);
    // The cart reaches free standard shipping; the beanie bought now does not.
    await call('POST', '/shopping-carts', { skuId: sku['linen-shirt'], quantity: 2 });
    const options = (query: string) =>
      call<ShippingOption[]>('GET', `/multicurrency/general/shipping-template?${query}`).then((r) => r.data);
    expect((await options('countryCode=US&provinceCode=CA'))[0]!.price.amount).toBe(0);
    const { token } = (
      await call<{ token: string }>('POST', '/multicurrency/general/checkout', {
        buyNow: { skuId: sku['wool-beanie'], quantity: 1 },
      })
    ).data;
    expect((await options(`countryCode=US&provinceCode=CA&checkoutToken=${token}`))[0]!.price.amount).toBe(695);
    // Economy to Germany: one backpack (1,100 g) is in the 1 kg tier, a beanie (90 g) in the first.
    const economy = async (checkoutToken: string) =>
      (await options(`countryCode=DE&checkoutToken=${checkoutToken}`)).find((o) => o.name === 'Economy (by weight)')!.price
        .amount;
    expect(await economy(token)).toBe(895);
    const backpack = (
      await call<{ token: string }>('POST', '/multicurrency/general/checkout', {
        buyNow: { skuId: sku['roll-top-backpack'], quantity: 1 },
      })
    ).data.token;
    expect(await economy(backpack)).toBe(1495);
    // The checkout is priced with the same rate once Economy is chosen.
    const saved = await call<Checkout>('POST', '/multicurrency/general/checkout-onepage', {
      token: backpack,
      email: 'ada@example.com',
      shippingAddress: { ...TEST_ADDRESS, country: 'DE', province: '', city: 'Berlin', zip: '10115', phone: '+49 30 1234567' },
      shippingTemplateId: 5,
    });
    expect(saved.status).toBe(200);
    expect(saved.data.totals.totalShippingPrice.amount).toBe(1495);
    expect(
      await call('GET', `/multicurrency/general/shipping-template?countryCode=DE&checkoutToken=${'0'.repeat(32)}`),
    ).toMatchObject({
      code: 5009,
    });
  });
});
