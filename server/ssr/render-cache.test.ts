// The render caches (render-cache.ts) never change a page: for every route that declares itself public
// (each is cached), the page served from each layer (HTML of parts, a document template, the page cache)
// is, byte for byte, the page React renders with no cache at all. The clock stands still, so the page
// clock, match times and the countdown agree; the one thing told apart is the numbering of the data
// scripts (serialize-once.ts numbers objects as a process first writes them: two shops number alike
// objects differently), which is put in order of appearance.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShopRouter } from '../../renderer/router';
import type { RouterContext } from '../../renderer/router-context';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';

/** An address for each public route: a new public route without one fails the first test. */
const PUBLIC_ROUTES: Record<string, string> = {
  '/': '/',
  '/pages/$handle': '/pages/about',
  '/products/$handle': '/products/wool-scarf?variant=124',
  '/collections/$handle': '/collections/apparel?sort=price-asc',
  '/collections/$collection/products/$handle': '/collections/apparel/products/linen-shirt',
  '/search': '/search?q=linen',
  '/policies': '/policies',
  '/funnel/404': '/funnel/404',
};

let fresh: TestShop;
let rendered: TestShop;
let paged: TestShop;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  [fresh, rendered, paged] = await Promise.all([
    // Every page rendered whole, nothing from the HTML caches.
    createTestShop('pglite', { pageCacheTtlMs: 0, renderCache: false }),
    // Parts and documents from the caches, no page cache.
    createTestShop('pglite', { pageCacheTtlMs: 0 }),
    // Every layer, as the shop runs.
    createTestShop('pglite'),
  ]);
});
afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([fresh?.close(), rendered?.close(), paged?.close()]);
});

/** The data scripts' numbers in order of appearance (the rest of the page as it is). */
function dataIdsInOrder(html: string): string {
  const ids = new Map<string, number>();
  return html.replace(/(vitrine-data-|\$_TSR\.t\.get\("json"\)\(")(\d+)/g, (_, before: string, id: string) => {
    if (!ids.has(id)) ids.set(id, ids.size + 1);
    return `${before}${ids.get(id)}`;
  });
}

/** Where two pages first differ, with 80 characters either side; undefined when they are the same. */
function difference(got: string, want: string): { at: number; got: string; want: string } | undefined {
  if (got === want) return undefined;
  let at = 0;
  while (at < got.length && got[at] === want[at]) at++;
  return { at, got: got.slice(Math.max(0, at - 80), at + 80), want: want.slice(Math.max(0, at - 80), at + 80) };
}

async function get(shop: TestShop, path: string) {
  const response = await shop.app.request(path);
  return {
    status: response.status,
    cache: response.headers.get('x-vitrine-page-cache'),
    html: dataIdsInOrder(await response.text()),
  };
}

describe('the render caches', () => {
  it('have an address to test for every public route', () => {
    const router = createShopRouter({} as RouterContext);
    const publicRoutes = Object.values(router.routesById)
      .filter((route) => route.options.staticData?.cache === 'public')
      .map((route) => route.id);
    expect(Object.keys(PUBLIC_ROUTES).sort()).toEqual([...publicRoutes].sort());
  });

  it.each(Object.entries(PUBLIC_ROUTES))(
    'serve %s (%s) byte for byte as rendered fresh, from every layer',
    async (_route, path) => {
      const expected = await get(fresh, path);
      expect(difference((await get(fresh, path)).html, expected.html), 'a fresh render is the same twice').toBeUndefined();
      // The first: parts rendered alone and written in; the second: from them, the document cached; the
      // third: written from the document.
      for (let i = 0; i < 3; i++) {
        const page = await get(rendered, path);
        expect(page.status).toBe(expected.status);
        expect(difference(page.html, expected.html), `render ${i + 1}`).toBeUndefined();
      }
      // The page cache: the page rendered, then the same bytes again.
      const states: (string | null)[] = [];
      for (let i = 0; i < 2; i++) {
        const page = await get(paged, path);
        states.push(page.cache);
        expect(difference(page.html, expected.html), `page cache ${page.cache}`).toBeUndefined();
      }
      expect(states).toEqual(expected.status === 200 ? ['MISS', 'HIT'] : ['MISS', 'MISS']);
    },
  );
});
