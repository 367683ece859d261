import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../gzip';
import { createTestShop, putPage, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 60_000 });
});
afterAll(() => shop.close());

const get = (path: string, headers: Record<string, string> = {}) => shop.app.request(path, { headers });
const cacheState = (response: Response) => response.headers.get('x-vitrine-page-cache');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('page cache for anonymous visitors', () => {
  it('renders a page once and serves the same HTML again', async () => {
    const first = await get('/pages/about');
    const second = await get('/pages/about');
    expect(cacheState(first)).toBe('MISS');
    expect(cacheState(second)).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('server-timing')).toMatch(/total;dur=/);
  });

  it('keeps languages apart: each has its address, cached on its own', async () => {
    await get('/fr/pages/about');
    const french = await get('/fr/pages/about');
    expect(cacheState(french)).toBe('HIT');
    expect(await french.text()).toContain('Moins de choses, mais mieux faites');
    const english = await get('/pages/about', { cookie: 'sak-locale=fr' });
    expect(await english.text()).not.toContain('Moins de choses, mais mieux faites');
  });

  it('never caches for a signed-in visitor, a preview, or a page that is not found', async () => {
    expect(cacheState(await get('/pages/about', { cookie: 'token=abc' }))).toBe('BYPASS');
    expect(cacheState(await get('/pages/about?preview=1'))).toBe('BYPASS');
    await get('/pages/nope');
    expect(cacheState(await get('/pages/nope'))).toBe('MISS');
  });

  it('serves a page past its time once more while a new one renders, then the new one', async () => {
    const ttl = 1000;
    const quick = await createTestShop('pglite', { pageCacheTtlMs: ttl });
    const state = async () => cacheState(await quick.app.request('/pages/faqs'));
    try {
      const first = await quick.app.request('/pages/faqs');
      expect(cacheState(first)).toBe('MISS');
      await sleep(ttl + 50);
      const stale = await quick.app.request('/pages/faqs');
      expect(cacheState(stale)).toBe('STALE');
      expect(await stale.text()).toBe(await first.text());
      // Nobody waits for the new render: the old page is served until it lands, then the new one.
      const seen: (string | null)[] = [];
      while (seen.at(-1) !== 'HIT' && seen.length < 200) {
        seen.push(await state());
        await sleep(10);
      }
      expect(seen.at(-1)).toBe('HIT');
      expect(seen.filter((s) => s !== 'STALE' && s !== 'HIT')).toEqual([]);
      // Unasked for twice its time, a page is rendered anew before answering.
      await sleep(2 * ttl + 100);
      expect(await state()).toBe('MISS');
    } finally {
      await quick.close();
    }
  });

  it('drops cached pages as soon as a merchant saves a page', async () => {
    const page = {
      handle: 'about',
      kind: 'shop',
      blocks: [{ id: 'x', type: 'rich-text', settings: { body: 'Changed just now' } }],
    };
    await get('/pages/about');
    const saved = await putPage(shop, 'about', page);
    expect(saved.status).toBe(200);
    const after = await get('/pages/about');
    expect(cacheState(after)).toBe('MISS');
    expect(await after.text()).toContain('Changed just now');
  });

  it('serves a cached page gzipped to browsers that accept it, the same HTML once unpacked', async () => {
    const plain = await get('/pages/contact');
    const packed = await get('/pages/contact', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(cacheState(packed)).toBe('HIT');
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await packed.arrayBuffer());
    const html = await plain.text();
    expect(bytes.byteLength).toBeLessThan(html.length / 3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(html);
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, br', false],
    ['br, deflate', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});

describe('cache policy declared by the route', () => {
  it('never keeps or shares a private page (the cart), and tells browsers not to store it', async () => {
    const first = await get('/cart');
    const second = await get('/cart');
    expect([cacheState(first), cacheState(second)]).toEqual(['BYPASS', 'BYPASS']);
    expect(second.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps a public page, which shared caches may keep a minute and browsers must check again', async () => {
    await get('/collections/apparel');
    const again = await get('/collections/apparel');
    expect(cacheState(again)).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });
});
