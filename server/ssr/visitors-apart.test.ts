// Two visitors never receive each other's page, through any cache layer (render-cache.ts). Through the
// real app, every layer on (page cache, documents, cached HTML, API answers, block data): visitors with
// other carts, currencies and languages, and one with the first one's language and currency but a cart
// of their own (the case a shared cache would mix up), ask for the same public and private pages, the
// first one warming every cache first and asking again afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitorCall, visitors, type TestShop } from '../../test-support/server/test-app';
import { inLanguage } from '../../test-support/server/in-language';

interface Visitor {
  id: string;
  locale: string;
  /** `<html lang>` of the visitor's pages. */
  lang: string;
  currency: string;
  /** The product in their cart. */
  product: string;
}

const next = visitors();
const ada: Visitor = { id: next(), locale: 'fr', lang: 'fr', currency: 'EUR', product: 'linen-shirt' };
const bo: Visitor = { id: next(), locale: 'de', lang: 'de', currency: 'GBP', product: 'wool-scarf' };
/** Ada's language and currency, a cart of her own: a page cache keyed by them alone would mix the two up. */
const cy: Visitor = { id: next(), locale: 'fr', lang: 'fr', currency: 'EUR', product: 'travel-pouch' };
const everyone = [ada, bo, cy];

const PUBLIC = ['/', '/products/linen-shirt', '/collections/apparel', '/pages/about', '/search?q=wool', '/policies'];
const PRIVATE = ['/cart', '/funnel/summer-linen'];

let shop: TestShop;
beforeAll(async () => {
  // Pages cached longer than the test takes: a page served again is served from the cache.
  shop = await createTestShop('pglite', { pageCacheTtlMs: 10 * 60_000 });
  for (const visitor of everyone) {
    const sku = await firstSku(shop, visitor.product);
    const added = await visitorCall(shop, visitor.id, 'POST', '/shopping-carts/saveProducts', {
      items: [{ skuId: sku.id, quantity: 2 }],
    });
    expect(added.status).toBe(200);
  }
});
afterAll(() => shop?.close());

async function visit(visitor: Visitor, path: string) {
  const response = await shop.app.request(inLanguage(path, visitor.locale), {
    headers: { Cookie: `sakUUID=${visitor.id}; sak-locale=${visitor.locale}; currency=${visitor.currency}` },
  });
  const html = await response.text();
  return {
    status: response.status,
    cache: response.headers.get('x-vitrine-page-cache'),
    cookies: response.headers.getSetCookie().join('\n'),
    html,
  };
}

/** The products of the lines of a cart page. */
const cartLines = (html: string) =>
  [...html.matchAll(/<li class="cart__line">.*?<a href="(?:\/[a-z]{2})?\/products\/([^"?]+)/g)].map((line) => line[1]);

/** The page is the visitor's: their language and currency, and nothing of anyone else's. */
function expectTheirs(visitor: Visitor, path: string, page: Awaited<ReturnType<typeof visit>>) {
  const where = `${path} for ${visitor.locale}/${visitor.currency}/${visitor.product}`;
  expect(page.status, where).toBe(200);
  expect(/<html lang="([^"]+)"/.exec(page.html)?.[1], where).toBe(visitor.lang);
  // The shop data the page hands the browser (the router's, or an islands page's), and the header's choice.
  const shown = [
    ...page.html.matchAll(/\bcurrency:"([A-Z]{3})"|"currency":"([A-Z]{3})"|<option value="([A-Z]{3})" selected="">/g),
  ];
  expect(shown.length, where).toBeGreaterThan(0);
  expect(new Set(shown.map((m) => m[1] ?? m[2] ?? m[3])), where).toEqual(new Set([visitor.currency]));
  if (path === '/cart') expect(cartLines(page.html), where).toEqual([visitor.product]);
  for (const other of everyone) if (other !== visitor) expect(`${page.html}\n${page.cookies}`, where).not.toContain(other.id);
}

describe('visitors with other carts, currencies and languages', () => {
  it('each get their own page of every public and private route, however warm the caches are', async () => {
    // Ada warms every layer (a page rendered, its parts and document cached, then served from them).
    for (const path of [...PUBLIC, ...PRIVATE]) for (let i = 0; i < 3; i++) expectTheirs(ada, path, await visit(ada, path));
    for (const visitor of [bo, cy, ada])
      for (const path of [...PUBLIC, ...PRIVATE])
        for (let i = 0; i < 2; i++) expectTheirs(visitor, path, await visit(visitor, path));
  });

  it('share a public page only with a visitor of the same language and currency, and a private one never', async () => {
    for (const path of PUBLIC) {
      const first = await visit(ada, path);
      // The same page for Cy, from the page cache: it holds nothing of Ada's.
      const same = await visit(cy, path);
      expect(same.cache, path).toBe('HIT');
      expect(same.html, path).toBe(first.html);
      // Bo's language and currency: a page of Bo's own.
      expect((await visit(bo, path)).html, path).not.toBe(first.html);
    }
    for (const path of PRIVATE) for (const visitor of everyone) expect((await visit(visitor, path)).cache, path).toBe('BYPASS');
  });

  it('show each visitor their own cart, never the cart of whoever asked before', async () => {
    for (const visitor of [ada, bo, cy, ada]) {
      const page = await visit(visitor, '/cart');
      expect(cartLines(page.html), visitor.product).toEqual([visitor.product]);
      expect(page.html).toContain('cart__lines');
    }
  });
});
