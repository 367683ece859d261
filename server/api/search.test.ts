// Search as a shopper types it: plurals found by each language's stemming, the last word a prefix, and
// the search box's suggestions (products and collections), on PGlite and on PostgreSQL (the text-search
// configurations and the stored search document must behave the same on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictiveSearch, ProductList } from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('search on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  const search = async (q: string, language = 'en') =>
    (
      await readEnvelope<ProductList>(
        await shop.app.request(`/api/multicurrency/products/keySearch?q=${encodeURIComponent(q)}&limit=50`, {
          headers: { language },
        }),
      )
    ).data.items.map((p) => p.handle);
  const predictive = async (q: string, language = 'en', limit?: number) =>
    readEnvelope<PredictiveSearch>(
      await shop.app.request(`/api/multicurrency/search/predictive?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, {
        headers: { language },
      }),
    );

  it('finds English plurals by their singular titles ("shirts", "mugs", "candles")', async () => {
    expect(await search('shirts')).toContain('linen-shirt');
    // The enamel camp mug is archived: found by nobody.
    expect(await search('mugs')).toEqual(['ceramic-mug']);
    expect(await search('candles')).toContain('soy-candle');
    expect(await search('linen shirts')).toEqual(['linen-shirt']);
  });

  it('finds French plurals with French stemming ("chemises", "bougies")', async () => {
    expect(await search('chemises', 'fr')).toContain('linen-shirt');
    expect(await search('bougies', 'fr')).toContain('soy-candle');
    // The French word is no English plural: without French stemming nothing would match it.
    expect(await search('bougies', 'fr')).not.toContain('linen-shirt');
  });

  it('finds English words for a shopper of another language, whose texts fall back to English', async () => {
    expect(await search('shirts', 'de')).toContain('linen-shirt');
    expect(await search('candles', 'el')).toContain('soy-candle');
  });

  it('takes the last word as a prefix, as it is typed, and refuses nothing typed', async () => {
    expect(await search('linen shi')).toEqual(['linen-shirt']);
    expect(await search('cand')).toContain('soy-candle');
    expect(await search('zzzz-nothing')).toEqual([]);
    const empty = await shop.app.request('/api/multicurrency/search/predictive?q=');
    expect(empty.status).toBe(400);
  });

  it('suggests products and collections as the shopper types, best first', async () => {
    const shirts = await predictive('shirts');
    expect(shirts.status).toBe(200);
    expect(shirts.data.products[0]?.handle).toBe('linen-shirt');
    expect(shirts.data.products[0]?.price.currencyCode).toBeTruthy();
    const accessories = await predictive('access');
    expect(accessories.data.collections).toEqual([{ handle: 'accessories', title: 'Accessories' }]);
    const french = await predictive('vêtement', 'fr');
    expect(french.data.collections).toEqual([{ handle: 'apparel', title: 'Vêtements' }]);
    const few = await predictive('cotton', 'en', 2);
    expect(few.data.products).toHaveLength(2);
    expect(few.data.total).toBeGreaterThan(2);
  });

  it('refuses an unknown parameter or a limit out of range', async () => {
    expect((await shop.app.request('/api/multicurrency/search/predictive?q=mug&limit=50')).status).toBe(400);
    expect((await shop.app.request('/api/multicurrency/search/predictive?q=mug&color=red')).status).toBe(400);
  });
});
