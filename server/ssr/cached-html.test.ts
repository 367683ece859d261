// Parts rendered once and written again (cached-html.tsx): a page rendered from cached block, header and footer
// HTML is the page rendered fresh, byte for byte (but the countdown, rendered each time from the server's
// clock), with the same strings for the browser's first render; the parts are rendered once per page
// version (site and menus for the layout), device and address; a saved page is rendered anew at once.
// Every renderToString is counted: one for the page, one for each part rendered apart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import { createTestShop, putPage, type TestShop } from '../../test-support/server/test-app';

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-dom/server', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-dom/server')>();
  return {
    ...original,
    renderToString: (...args: Parameters<typeof original.renderToString>) => {
      renders.count++;
      return original.renderToString(...args);
    },
  };
});

let shop: TestShop;
beforeAll(async () => {
  // Every request rendered; data cached far longer than the test, so only a save makes new block data.
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0, cacheTtlMs: 10 * 60_000 });
});
afterAll(() => shop?.close());

/** The page without what changes from one request to the next: the server's clock and the countdown's digits. */
const steady = (html: string) =>
  html
    .replace(/now:\d+/g, 'now:N')
    .replace(/u:\d+/g, 'u:N')
    .replace(/<span class="countdown__digits">\d+<\/span>/g, '<span class="countdown__digits">D</span>');

async function page(path: string, headers: Record<string, string> = {}) {
  const before = renders.count;
  const response = await shop.app.request(path, { headers });
  expect(response.status).toBe(200);
  return { html: await response.text(), renders: renders.count - before };
}

/**
 * Renders `path` twice: the first time renders `firstDraws` times (the page and each part rendered apart), the
 * second only the page, from what the first rendered, byte for byte but the clock. Answers the second.
 */
async function renderedThenCached(path: string, firstDraws: number) {
  const first = await page(path);
  const second = await page(path);
  expect(first.renders).toBe(firstDraws);
  expect(second.renders).toBe(1);
  expect(steady(second.html)).toBe(steady(first.html));
  return second;
}

const snapshotOf = (html: string) => /<script type="application\/json" id="vitrine-i18n">(.*?)<\/script>/.exec(html)?.[1];

describe('cached HTML', () => {
  it('renders each block, the header and the footer once, then writes the same page from what it rendered', async () => {
    const first = await page('/');
    const second = await page('/');
    const third = await page('/');
    // The home page: seven blocks, the countdown among them rendered every time inside the page; the header
    // and the footer. The second time, the page is rendered from them, and cached whole (document-cache.ts: the
    // countdown rendered alone once more, to find it in the page); the third is written from that, the
    // countdown alone rendered.
    expect(first.renders).toBe(1 + (homePage.blocks.length - 1) + 2);
    expect(second.renders).toBe(2);
    expect(third.renders).toBe(1);
    expect(steady(second.html)).toBe(steady(first.html));
    expect(steady(third.html)).toBe(steady(first.html));
    expect(second.html).toContain('Made to be lived in');
    expect(second.html).toContain('Travel Pouch');
    expect(second.html).toContain('30-day money-back guarantee');
    expect(second.html).toMatch(/<header class="site-header"><a class="skip-link"/);
  });

  it('caches the header and footer of other pages too, by address', async () => {
    // The page, the header, the footer and the product's view (next test).
    const second = await renderedThenCached('/products/linen-shirt', 4);
    // The language form caches the address it was rendered for.
    expect(second.html).toContain('action="/products/linen-shirt"');
    expect((await page('/collections/apparel')).html).toContain('action="/collections/apparel"');
  });

  it("caches the product page's view by its data and address, its main image still preloaded in the head", async () => {
    const second = await renderedThenCached('/products/wool-scarf?variant=124', 4);
    const head = second.html.slice(0, second.html.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/media\/wool-scarf-[^"]+" imageSizes="[^"]+" fetchPriority="high"\/>/,
    );
    expect(second.html.match(/rel="preload" as="image"/g)).toHaveLength(1);
    // Its ids are its own (not React's, which would differ from a view rendered inside the page).
    expect(second.html).toMatch(/<label for="quantity-\d+">/);
    // Another variant is another address: rendered once for it (the header and footer too), that variant chosen.
    const other = await page('/products/wool-scarf');
    expect(other.renders).toBe(4);
    expect(steady(other.html)).not.toBe(steady(second.html));
  });

  it("caches a product's view reached from a collection, with the way back to it", async () => {
    const second = await renderedThenCached('/collections/apparel/products/linen-shirt', 4);
    expect(second.html).toContain('<nav class="breadcrumbs"');
  });

  it("caches a collection's view by its data and address (sort, filters and page are in it)", async () => {
    const second = await renderedThenCached('/collections/apparel?sort=price-asc', 4);
    expect(second.html).toContain('<label for="listing-sort">');
    const descending = await page('/collections/apparel?sort=price-desc');
    expect(descending.renders).toBe(4);
    expect(steady(descending.html)).not.toBe(steady(second.html));
  });

  it("sends the browser the same strings when the blocks' HTML was cached", async () => {
    // The countdown says the minutes left by the server's clock: the clock stands still while both pages
    // are rendered, or a minute turning between them would change its strings.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await page('/fr');
      const cached = await page('/fr');
      expect(cached.renders).toBe(2);
      // And when the whole page is written from what was cached (document-cache.ts).
      const whole = await page('/fr');
      expect(whole.renders).toBe(1);
      expect(snapshotOf(whole.html)).toBe(snapshotOf(cached.html));
      const fresh = await createTestShop('pglite', { pageCacheTtlMs: 0 });
      const rendered = await (await fresh.app.request('/fr')).text();
      await fresh.close();
      expect(snapshotOf(cached.html)).toBeDefined();
      expect(JSON.parse(snapshotOf(cached.html)!)).toEqual(JSON.parse(snapshotOf(rendered)!));
    } finally {
      vi.useRealTimers();
    }
  });

  it('caches blocks apart by address, the same for a phone as for a desktop', async () => {
    // Rendered from cached blocks the second time: the page, and the countdown alone for its template.
    await page('/?utm_source=mail');
    expect((await page('/?utm_source=mail')).renders).toBe(2);
    // One page for every device (a shared cache hands it to all): a phone gets the cached blocks too.
    const phone = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' };
    expect((await page('/?utm_source=mail', phone)).renders).toBeLessThanOrEqual(2);
  });

  it('renders a saved page anew at once', async () => {
    await page('/');
    const heading = 'Cached blocks are rendered again after a save';
    const changed = structuredClone(homePage) as typeof homePage;
    Object.assign(changed.blocks[0]!.settings, { heading: { en: heading, fr: heading } });
    const saved = await putPage(shop, 'home', changed);
    expect(saved.status).toBe(200);
    const after = await page('/');
    expect(after.renders).toBeGreaterThan(1);
    expect(after.html).toContain(heading);
    expect(after.html).not.toContain('Made to be lived in');
  });
});
