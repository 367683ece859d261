// Every route with a handle, in the shop and in the API: handles of random bytes (URL-encoded, so also
// slashes, NUL, invalid UTF-8, markup) are "not found", never a fault. And a listing's address, whatever
// its query, shows a page.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test-support/server/api-calls';
import { createTestShop, merchantHeaders, type TestShop } from '../../test-support/server/test-app';

const HANDLES = 200;

/** Random bytes, each written as %XX (what a client that encodes every byte sends). */
const randomHandles = fc.sample(
  fc
    .uint8Array({ minLength: 1, maxLength: 48 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  { numRuns: HANDLES, seed: 20261123 },
);

const SHOP_ROUTES = [
  (h: string) => `/products/${h}`,
  (h: string) => `/collections/${h}`,
  (h: string) => `/collections/${h}/products/linen-shirt`,
  (h: string) => `/collections/apparel/products/${h}`,
  (h: string) => `/pages/${h}`,
];
const API_ROUTES = apiCalls()
  .filter((op) => op.method === 'get' && /\{(handle|x|pageCode|code)\}/.test(op.path))
  .map((op) => (h: string) => `/api${op.path.replace(/\{(handle|x|pageCode|code)\}/g, h).replace(/\{\w+\}/g, '1')}`);

describe('handles that cannot exist', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
  });
  afterAll(() => shop?.close());

  it(`${HANDLES} random-byte handles on each shop route are the 404 page`, async () => {
    const unexpected: string[] = [];
    for (const route of SHOP_ROUTES) {
      for (const handle of randomHandles) {
        const response = await shop.app.request(route(handle));
        const html = await response.text();
        if (response.status !== 404 || !html.includes('This page could not be found')) {
          unexpected.push(`${route(handle)}: ${response.status}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    expect(shop.faults).toEqual([]);
  });

  it(`${HANDLES} random-byte handles on each API call with a handle are a 404 in the envelope`, async () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(8);
    const unexpected: string[] = [];
    for (const route of API_ROUTES) {
      for (const handle of randomHandles) {
        const response = await shop.app.request(route(handle), { headers: merchantHeaders });
        const body = (await response.json()) as { code: number };
        if (response.status !== 404 || typeof body.code !== 'number') unexpected.push(`${route(handle)}: ${response.status}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(shop.faults).toEqual([]);
  });

  it('listing addresses with odd queries (out of range, wrong types, random bytes, many filters) show a page', async () => {
    const keys = fc.constantFrom(
      'page',
      'priceMin',
      'priceMax',
      'sort',
      'available',
      'q',
      'color',
      'size',
      '__proto__',
      'constructor',
    );
    const values = fc.oneof(
      fc.constantFrom('1e308', '-1', '99999999999', '1.5', 'NaN', 'Infinity', '0x10', '', 'null', '2147483648'),
      fc.string({ maxLength: 60 }),
      fc.uint8Array({ maxLength: 30 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    );
    const manyFilters = fc
      .integer({ min: 0, max: 150 })
      .map((n) =>
        Array.from({ length: n }, (_, i) => `f${i}=${Array.from({ length: 30 }, (_, v) => `v${v}`).join(',')}`).join('&'),
      );
    const queries = fc.sample(
      fc
        .tuple(fc.array(fc.tuple(keys, values), { maxLength: 6 }), manyFilters)
        .map(([pairs, filters]) => [...pairs.map(([k, v]) => `${k}=${v}`), filters].filter(Boolean).join('&')),
      { numRuns: 150, seed: 11 },
    );
    const unexpected: string[] = [];
    for (const query of queries) {
      for (const path of ['/collections/all', '/collections/apparel', '/search']) {
        let response = await shop.app.request(`${path}?${query}`);
        await response.arrayBuffer();
        // The router may first redirect to the address's own form (repeated parameters joined): once.
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          response = await shop.app.request(location);
          await response.arrayBuffer();
        }
        if (response.status !== 200) unexpected.push(`${path}?${query.slice(0, 200)}: ${response.status}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(shop.faults).toEqual([]);
    // 450 pages rendered: some 15 s alone, twice that and more while the other core builds or tests.
  }, 120_000);

  it('the example of the report: markup as a collection handle', async () => {
    const response = await shop.app.request(
      `/collections/${encodeURIComponent('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')}`,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<a href="data:');
  });
});
