// Checkout calls before an order: shipping priced for the visitor's cart and destination (5007 where the
// shop does not ship), the countries served, tip and shipping insurance on offer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, Product, ShippingOption } from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type TestShop } from '../testing/test-app';

describe('checkout settings and shipping', () => {
  let shop: TestShop;
  let shirt: number;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    shirt = (await readEnvelope<Product>(await shop.app.request('/api/products/linen-shirt'))).data.skus[0]!.id;
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
