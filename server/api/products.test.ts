import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Product, ProductList } from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('product calls on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  it('lists the products of a collection in merchandising order with the lowest price and the total', async () => {
    const body = await readEnvelope<ProductList>(await shop.app.request('/api/products?categoryHandles=hot-sale&limit=3'));
    expect(body.data.total).toBe(9);
    expect(body.data.items.map((p) => p.handle)).toEqual(['linen-shirt', 'hooded-sweatshirt', 'rain-jacket']);
    expect(body.data.items[0]).toMatchObject({
      title: 'Linen Shirt',
      price: { amount: 5900, currencyCode: 'USD' },
      compareAtPrice: { amount: 7900, currencyCode: 'USD' },
      available: true,
      image: { src: '/media/linen-shirt-sand.webp', width: 1200, height: 1200 },
    });
  });

  it('pages through a collection with limit and offset', async () => {
    const first = await readEnvelope<ProductList>(
      await shop.app.request('/api/products?categoryHandles=hot-sale&limit=4&offset=0'),
    );
    const second = await readEnvelope<ProductList>(
      await shop.app.request('/api/products?categoryHandles=hot-sale&limit=4&offset=4'),
    );
    const handles = [...first.data.items, ...second.data.items].map((p) => p.handle);
    expect(new Set(handles).size).toBe(8);
  });

  it('answers in the language asked for, English where a text is not translated', async () => {
    const fr = await readEnvelope<Product>(await shop.app.request('/api/products/linen-shirt', { headers: { language: 'fr' } }));
    expect(fr.data.title).toBe('Chemise en lin');
    expect(fr.data.options[0]!.name).toBe('Couleur');
    const de = await readEnvelope<Product>(await shop.app.request('/api/products/linen-shirt', { headers: { language: 'de' } }));
    expect(de.data.title).toBe('Leinenhemd');
    // A text a merchant left untranslated reads in English.
    await shop.database.db.execute(sql`update products set title = title - 'de' where handle = 'wool-scarf'`);
    const untranslated = await readEnvelope<Product>(
      await shop.app.request('/api/products/wool-scarf', { headers: { language: 'de' } }),
    );
    expect(untranslated.data.title).toBe('Wool Scarf');
  });

  it('gives a product with every SKU, its stock and image; sold-out SKUs are not available', async () => {
    const body = await readEnvelope<Product>(await shop.app.request('/api/multicurrency/products/handle/stoneware-teapot'));
    expect(body.data.available).toBe(false);
    expect(body.data.skus.every((s) => s.stock === 0 && !s.available)).toBe(true);
    const shirt = await readEnvelope<Product>(await shop.app.request('/api/products/linen-shirt'));
    const imageIds = new Set(shirt.data.images.map((i) => i.id));
    expect(shirt.data.skus.every((s) => s.imageId !== null && imageIds.has(s.imageId))).toBe(true);
  });

  it('answers 5001 for an unknown product and 5006 for one removed from the shelf', async () => {
    const missing = await shop.app.request('/api/products/no-such-product');
    expect(missing.status).toBe(404);
    expect((await readEnvelope(missing)).code).toBe(5001);
    const archived = await shop.app.request('/api/products/enamel-camp-mug');
    expect((await readEnvelope(archived)).code).toBe(5006);
  });

  it('keeps the order of a list of handles and leaves out what is not on sale', async () => {
    const body = await readEnvelope<ProductList>(
      await shop.app.request('/api/products/handles/simpleInfo?handles=wall-clock,enamel-camp-mug,ceramic-mug,nope'),
    );
    expect(body.data.items.map((p) => p.handle)).toEqual(['wall-clock', 'ceramic-mug']);
  });

  it('gives a collection with its product count, 404 for an unknown one', async () => {
    const body = await readEnvelope<Collection>(await shop.app.request('/api/product-categories/handle/new-arrivals'));
    expect(body.data).toMatchObject({ handle: 'new-arrivals', title: 'New arrivals', productCount: 9 });
    expect((await shop.app.request('/api/product-categories/handle/nope')).status).toBe(404);
  });

  it('refuses unknown and out-of-range query parameters with a clear 400', async () => {
    const unknown = await readEnvelope<{ errors: unknown[] }>(await shop.app.request('/api/products?colour=red'));
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors).toEqual([
      {
        path: '/colour',
        message:
          'is not a known property; allowed: categoryHandles, handles, limit, offset, q, sort, priceMin, priceMax, available, facets',
      },
    ]);
    const range = await readEnvelope<{ errors: unknown[] }>(await shop.app.request('/api/products?limit=500'));
    expect(range.data.errors).toEqual([{ path: '/limit', message: 'must be at most 100' }]);
    const common = await shop.app.request('/api/products?limit=2&currencyCode=USD&lang=fr');
    expect(common.status).toBe(200);
  });
});
