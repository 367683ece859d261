// Product page data (reviews, promotions, "you may also like"), site and content calls and the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Cart,
  CartQuantity,
  Country,
  Menu,
  Promotion,
  Province,
  ReviewList,
  ReviewStatistics,
  SinglePromotionResult,
  ZipCheck,
} from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('browsing calls on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());
  const get = async <T>(path: string, headers: Record<string, string> = {}) =>
    readEnvelope<T>(await shop.app.request(path, { headers }));
  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    readEnvelope<T>(
      await shop.app.request(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );

  it('lists reviews featured (most helpful) or newest first, and counts the stars', async () => {
    const featured = (await get<ReviewList>('/api/product-comments?handle=linen-shirt&limit=3')).data;
    expect(featured.total).toBe(18);
    expect(featured.items.map((r) => r.helpful)).toEqual(featured.items.map((r) => r.helpful).sort((a, b) => b - a));
    const newest = (await get<ReviewList>('/api/product-comments?handle=linen-shirt&sort=newest&limit=18')).data;
    expect(newest.items.map((r) => r.createdAt)).toEqual(
      newest.items
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
    const stats = (await get<ReviewStatistics>('/api/product-comments/statistics?handle=linen-shirt')).data;
    expect(Object.values(stats.distribution).reduce((a, b) => a + b, 0)).toBe(18);
    expect(stats.average).toBeGreaterThan(3);
    const none = (await get<ReviewStatistics>('/api/product-comments/statistics?handle=travel-pouch')).data;
    expect(none).toMatchObject({ count: 0, average: 0 });
    expect((await shop.app.request('/api/product-comments')).status).toBe(400);
  });

  it('gives the volume tiers of a product with its price per item at each', async () => {
    const promotions = (await get<Promotion[]>('/api/multicurrency/promotions/promotion/active?handle=organic-cotton-tee')).data;
    const volume = promotions.find((p) => p.type === 'volume')!;
    expect(volume.tiers.map((t) => [t.minQuantity, t.percentOff, t.unitPrice?.amount])).toEqual([
      [2, 5, 2660],
      [3, 10, 2520],
      [5, 15, 2380],
    ]);
    expect(promotions.some((p) => p.handle === 'summer-2026')).toBe(false);
  });

  it('prices a bundle from its products, in the asked currency', async () => {
    const bundle = (
      await get<Promotion[]>('/api/multicurrency/promotions/promotion/active?handle=ceramic-mug&currencyCode=EUR')
    ).data.find((p) => p.type === 'bundle')!;
    expect(bundle.products.map((p) => p.handle)).toEqual(['ceramic-mug', 'soy-candle', 'notebook-set']);
    const sum = bundle.products.reduce((n, p) => n + p.price.amount, 0);
    expect(bundle.bundleCompareAtPrice!.currencyCode).toBe('EUR');
    expect(Math.abs(bundle.bundleCompareAtPrice!.amount - sum)).toBeLessThanOrEqual(3);
    expect(bundle.bundlePrice!.amount).toBeLessThan(bundle.bundleCompareAtPrice!.amount);
  });

  it('prices a quantity of a SKU with its volume discount (singlePromotion)', async () => {
    const tee = (await get<{ skus: { id: number; code: string }[] }>('/api/products/organic-cotton-tee')).data;
    const skuId = tee.skus[0]!.id;
    const one = (await post<SinglePromotionResult>('/api/multicurrency/singlePromotion', { skuId, quantity: 1 })).data;
    expect(one).toMatchObject({ percentOff: 0, promotion: null, total: { amount: 2800 } });
    const five = (await post<SinglePromotionResult>('/api/multicurrency/singlePromotion', { skuId, quantity: 5 })).data;
    expect(five).toMatchObject({
      percentOff: 15,
      unitPrice: { amount: 2380 },
      total: { amount: 11900 },
      saved: { amount: 2100 },
    });
    const refused = await post('/api/multicurrency/singlePromotion', { skuId, quantity: 5, price: 1 });
    expect(refused.status).toBe(400);
  });

  it('suggests products alike, never the product itself', async () => {
    const sames = (await get<{ items: { handle: string }[] }>('/api/multicurrency/products/handle/linen-shirt/sames?limit=4'))
      .data;
    expect(sames.items).toHaveLength(4);
    expect(sames.items.map((p) => p.handle)).not.toContain('linen-shirt');
  });

  it('gives menus, dictionaries, cookie categories and countries in the asked language', async () => {
    const menus = (await get<Menu[]>('/api/menu/list', { language: 'fr' })).data;
    expect(menus.find((m) => m.handle === 'footer')!.items.map((i) => i.url)).toContain('/pages/privacy-policy');
    expect(menus.find((m) => m.handle === 'main-menu')!.items[1]!.title).toBe('Nouveautés');
    expect((await get<{ code: string }[]>('/api/dict/detail/CREDIT_CARD_ICON')).data.map((d) => d.code)).toContain('visa');
    expect((await shop.app.request('/api/dict/NOPE')).status).toBe(404);
    const countries = (await get<Country[]>('/api/countries', { language: 'de' })).data;
    expect(countries.find((c) => c.code === 'DE')!.name).toBe('Deutschland');
    const provinces = (await get<Province[]>('/api/districts/getProvince?countryCode=US')).data;
    expect(provinces).toHaveLength(51);
    expect((await get<ZipCheck>('/api/base-districts/check/zip?countryCode=GB&zip=sw1a%201aa')).data.valid).toBe(true);
    expect((await get<ZipCheck>('/api/base-districts/check/zip?countryCode=US&zip=ABC')).data.valid).toBe(false);
    expect((await get<{ code: string }[]>('/api/cookieConfig/list')).data.map((c) => c.code)).toEqual([
      'essential',
      'analytics',
      'advertising',
    ]);
    expect((await get<{ status: string }[]>('/api/app/config/used')).data.every((a) => a.status === 'ON')).toBe(true);
  });

  it('adds to a visitor cart by ids and quantities only, checks stock, and prices the cart', async () => {
    const visitor = { customerUUID: '0c0ffee0-0000-4000-8000-000000000001' };
    const shirt = (await get<{ skus: { id: number; stock: number }[] }>('/api/products/linen-shirt')).data;
    const sku = shirt.skus.find((s) => s.stock >= 2)!;
    expect((await get<CartQuantity>('/api/shopping-carts/quantity', visitor)).data.quantity).toBe(0);
    expect((await post<CartQuantity>('/api/shopping-carts', { skuId: sku.id, quantity: 2 }, visitor)).data.quantity).toBe(2);
    const tooMany = await post('/api/shopping-carts', { skuId: sku.id, quantity: sku.stock }, visitor);
    expect(tooMany).toMatchObject({ status: 409, code: 5003 });
    const cart = (await get<Cart>('/api/multicurrency/shopping-carts?currencyCode=EUR', visitor)).data;
    expect(cart.quantity).toBe(2);
    expect(cart.lines[0]).toMatchObject({ handle: 'linen-shirt', quantity: 2, unitPrice: { currencyCode: 'EUR' } });
    expect(cart.subtotal.amount).toBe(cart.lines[0]!.unitPrice.amount * 2);
    const soldOut = (await get<{ skus: { id: number }[] }>('/api/products/stoneware-teapot')).data.skus[0]!.id;
    expect(await post('/api/shopping-carts', { skuId: soldOut, quantity: 1 }, visitor)).toMatchObject({
      status: 409,
      code: 5003,
    });
    expect(await post('/api/shopping-carts', { skuId: 999999, quantity: 1 }, visitor)).toMatchObject({ status: 404, code: 5002 });
    expect(await post('/api/shopping-carts', { skuId: sku.id, quantity: 1, price: 1 }, visitor)).toMatchObject({ status: 400 });
    expect(await post('/api/shopping-carts', { skuId: sku.id, quantity: 1 })).toMatchObject({ status: 400 });
    expect(
      (await get<CartQuantity>('/api/shopping-carts/quantity', { customerUUID: '0c0ffee0-0000-4000-8000-000000000002' })).data
        .quantity,
    ).toBe(0);
  });
});
