// Whole pages written from templates (document-cache.ts): the same page, byte for byte but the server's
// clock, as rendered fresh; gzip made from pieces that a browser reads as the page; a new page as soon as
// anything it was rendered from changes (a saved page, a price), and never a template of a page made for one
// request (a 404, a cart).
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import { skus } from '../db/catalog-schema';
import { leaveCheckout } from '../../test-support/server/abandoned-checkouts';
import { createTestShop, putPage, visitors, type TestShop } from '../../test-support/server/test-app';
import { deflatedPiece, gzipOfPieces } from './gzip-pieces';
import { createDocumentCache, documentKey, fill, templateOf, type DocumentFacts } from './document-cache';

// Every renderToString counted, and apart those of a whole page (the router's tree).
const renders = vi.hoisted(() => ({ count: 0, pages: 0 }));
vi.mock('react-dom/server', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-dom/server')>();
  return {
    ...original,
    renderToString: (...args: Parameters<typeof original.renderToString>) => {
      renders.count++;
      // The router's tree, or the router's tree inside what hears of blocks left out (render-html.ts).
      type Element = { type?: { name?: string }; props?: { children?: Element } };
      const root = args[0] as Element;
      if ([root.type?.name, root.props?.children?.type?.name].includes('RouterServer')) renders.pages++;
      return original.renderToString(...args);
    },
  };
});

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (data: Uint8Array) => Buffer.from(data).toString('utf8');

describe('gzip from pieces', () => {
  it('is read back as the pieces laid end to end, whatever their sizes and contents', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ minLength: 200, maxLength: 6000 })), { maxLength: 8 }), (texts) => {
        const pieces = texts.map(bytes);
        expect(text(gunzipSync(gzipOfPieces(pieces, pieces.map(deflatedPiece))))).toBe(texts.join(''));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the key of a page', () => {
  const site = { name: 'Vitrine Goods' };
  const page = { blocks: [] };
  const facts = (leaf: unknown, overrides: Partial<DocumentFacts> = {}): DocumentFacts => ({
    address: '/',
    locale: 'en-US',
    currency: 'USD',
    status: 200,
    matches: [
      { routeId: '__root__', status: 'success', loaderData: { site } },
      { routeId: '/', status: 'success', loaderData: leaf },
    ],
    ...overrides,
  });

  it('is the same for the same objects, whatever the page clock says', () => {
    expect(documentKey(facts({ id: 4, page, now: 1 }))).toBe(documentKey(facts({ id: 4, page, now: 2 })));
  });

  it('changes with a new object, a value, the address, locale or currency', () => {
    const key = documentKey(facts({ id: 4, page, now: 1 }));
    for (const other of [
      facts({ id: 4, page: { blocks: [] }, now: 1 }),
      facts({ id: 5, page, now: 1 }),
      facts({ id: 4, page, now: 1 }, { address: '/?sort=price-asc' }),
      facts({ id: 4, page, now: 1 }, { locale: 'fr-FR' }),
      facts({ id: 4, page, now: 1 }, { currency: 'EUR' }),
    ])
      expect(documentKey(other)).not.toBe(key);
  });

  it('is none for a page that is not a 200 or whose data did not load', () => {
    expect(documentKey(facts({ id: 4, page }, { status: 404 }))).toBeUndefined();
    const failed = facts({ id: 4, page });
    expect(documentKey({ ...failed, matches: [failed.matches[0]!, { routeId: '/', status: 'error' }] })).toBeUndefined();
  });
});

describe('a template', () => {
  const frame = '<div class="block block--countdown" id="timer" data-block-type="countdown">';
  const script = (u: number, now: number, extra = '') =>
    `<script data-tsr-stream-part="">$_TSR.router={matches:[{i:"__root__",u:${u},l:{now:${now}${extra}}}]}</script>`;
  const documentOf = (digits: string, u: number, now: number) =>
    `<!DOCTYPE html><html><head></head><body>${frame}<p>${digits}</p></div><footer>ü</footer>${script(u, now)}<script type="module" src="/entry.js"></script></body></html>`;
  const made = templateOf(documentOf('10', 1000, 2000), {
    blocks: [{ id: 'timer', frame, html: '<p>10</p>' }],
    script: script(1000, 2000),
    entries: { 'countdown.days': 'days' },
  })!;

  it('writes the page with the blocks and the router script of the request', () => {
    expect(made).toBeDefined();
    const filled = fill(made, {
      blocks: [{ id: 'timer', frame, html: '<p>9</p>' }],
      script: script(1001, 20001),
      entries: { 'countdown.days': 'days' },
    })!;
    expect(text(filled.body)).toBe(documentOf('9', 1001, 20001));
    expect(text(gunzipSync(filled.gzipped()))).toBe(documentOf('9', 1001, 20001));
  });

  it("always writes the request's own script, and gzips it whole where it differs beyond its numbers", () => {
    const other = script(1001, 2001, ',x:1');
    const filled = fill(made, { blocks: [{ id: 'timer', frame, html: '<p>9</p>' }], script: other, entries: {} })!;
    expect(text(filled.body)).toContain(other);
    expect(text(gunzipSync(filled.gzipped()))).toBe(text(filled.body));
  });

  it('is not used when the blocks rendered now, or their strings, are not those it was made with', () => {
    expect(fill(made, { blocks: [], script: script(1, 2), entries: {} })).toBeUndefined();
    expect(
      fill(made, {
        blocks: [{ id: 'timer', frame, html: '<p>0</p>' }],
        script: script(1, 2),
        entries: { 'countdown.ended': 'The sale has ended' },
      }),
    ).toBeUndefined();
  });

  it('is not made when a block rendered alone is not what the page rendered', () => {
    expect(
      templateOf(documentOf('10', 1000, 2000), {
        blocks: [{ id: 'timer', frame, html: '<p>11</p>' }],
        script: script(1000, 2000),
        entries: {},
      }),
    ).toBeUndefined();
  });
});

describe('the templates cached', () => {
  it('caches a page the second time it is rendered, and stops trying once it could not be cached', () => {
    const documents = createDocumentCache();
    expect(documents.wanted('a')).toBe(false);
    expect(documents.wanted('a')).toBe(true);
    documents.set('a', undefined);
    expect(documents.wanted('a')).toBe(false);
    expect(documents.get('a')).toBeUndefined();
  });
});

describe('pages written from templates', () => {
  let shop: TestShop;
  beforeAll(async () => {
    // Every request rendered; data cached 1 s (a changed price is seen on the first page after that).
    shop = await createTestShop('pglite', { pageCacheTtlMs: 0, cacheTtlMs: 1000 });
  });
  afterAll(() => shop?.close());

  /** The page without what changes from one request to the next: the server's clock and the countdown's digits. */
  const steady = (html: string) =>
    html
      .replace(/now:\d+/g, 'now:N')
      .replace(/u:\d+/g, 'u:N')
      .replace(/<span class="countdown__digits">\d+<\/span>/g, '<span class="countdown__digits">D</span>');

  async function page(path: string, headers: Record<string, string> = {}) {
    const before = { ...renders };
    const response = await shop.app.request(path, { headers });
    const body = new Uint8Array(await response.arrayBuffer());
    const html = response.headers.get('content-encoding') === 'gzip' ? text(gunzipSync(body)) : text(body);
    return { status: response.status, html, renders: renders.count - before.count, pages: renders.pages - before.pages };
  }

  it('writes the home page from its template, the countdown alone rendered, the same page as rendered whole, gzipped alike', async () => {
    const first = await page('/?cached=home');
    const second = await page('/?cached=home');
    const third = await page('/?cached=home');
    const gzipped = await page('/?cached=home', { 'Accept-Encoding': 'gzip' });
    expect([first.pages, second.pages, third.pages, gzipped.pages]).toEqual([1, 1, 0, 0]);
    expect(third.renders).toBe(1);
    expect(gzipped.renders).toBe(1);
    for (const written of [third, gzipped]) {
      expect(steady(written.html)).toBe(steady(first.html));
      expect(steady(written.html)).toBe(steady(second.html));
    }
    // The countdown is rendered for each request: its clock moves on.
    expect(third.html).toMatch(/"countdown__digits">\d+</);
    expect(third.html).toContain('$_TSR.router=');
  });

  it('writes a product page with nothing rendered, and renders it anew when its price changes', async () => {
    const path = '/products/canvas-sneakers';
    await page('/products/linen-shirt');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Three pages from the same data (well within its second).
    await page(path);
    await page(path);
    const cached = await page(path);
    expect(cached.renders).toBe(0);
    expect(cached.pages).toBe(0);
    expect(cached.html).toContain('$89.00');
    const [sku] = await shop.database.db
      .select()
      .from(skus)
      .where(sql`product_id = 5`)
      .limit(1);
    await shop.database.db.update(skus).set({ price: 9400 }).where(eq(skus.productId, sku!.productId));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await page(path);
    expect(changed.pages).toBe(1);
    expect(changed.html).toContain('$94.00');
    expect(changed.html).not.toContain('$89.00');
  });

  it('renders a saved page anew at once', async () => {
    for (let i = 0; i < 3; i++) await page('/?cached=save');
    const heading = 'Rendered again after a save, template and all';
    const changed = structuredClone(homePage) as typeof homePage;
    Object.assign(changed.blocks[0]!.settings, { heading: { en: heading, fr: heading } });
    expect((await putPage(shop, 'home', changed)).status).toBe(200);
    const after = await page('/?cached=save');
    expect(after.pages).toBe(1);
    expect(after.html).toContain(heading);
  });

  it('never caches a page that is not found, nor a checkout rendered from data read for its request', async () => {
    for (let i = 0; i < 3; i++) {
      const missing = await page('/products/no-such-thing');
      expect(missing.status).toBe(404);
      expect(missing.pages).toBe(1);
    }
    const visitor = visitors()();
    const token = await leaveCheckout(shop, visitor, { items: [{ skuId: 1, quantity: 1 }] });
    for (let i = 0; i < 3; i++) {
      const checkout = await page(`/checkout/${token}`, { Cookie: `sakUUID=${visitor}` });
      expect(checkout.status).toBe(200);
      expect(checkout.pages).toBe(1);
    }
  });
});
