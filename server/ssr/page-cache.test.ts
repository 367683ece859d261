import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, merchantHeaders, type TestShop } from '../testing/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 60_000 });
});
afterAll(() => shop.close());

const get = (path: string, headers: Record<string, string> = {}) => shop.app.request(path, { headers });
const cacheState = (response: Response) => response.headers.get('x-vitrine-page-cache');

describe('page cache for anonymous visitors', () => {
  it('renders a page once and serves the same HTML again', async () => {
    const first = await get('/pages/about');
    const second = await get('/pages/about');
    expect(cacheState(first)).toBe('MISS');
    expect(cacheState(second)).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('server-timing')).toMatch(/total;dur=/);
  });

  it('keeps locales apart, and still sets the language cookie on a cached ?lang= page', async () => {
    await get('/pages/about?lang=fr');
    const french = await get('/pages/about?lang=fr');
    expect(cacheState(french)).toBe('HIT');
    expect(french.headers.get('set-cookie')).toMatch(/^sak-locale=fr/);
    expect(await french.text()).toContain('Moins de choses, mais mieux faites');
    const byCookie = await get('/pages/about', { cookie: 'sak-locale=fr' });
    expect(await byCookie.text()).toContain('Moins de choses, mais mieux faites');
  });

  it('never caches for a signed-in visitor, a preview, or a page that is not found', async () => {
    expect(cacheState(await get('/pages/about', { cookie: 'token=abc' }))).toBe('BYPASS');
    expect(cacheState(await get('/pages/about?preview=1'))).toBe('BYPASS');
    await get('/pages/nope');
    expect(cacheState(await get('/pages/nope'))).toBe('MISS');
  });

  it('serves a page past its time once more while a new one renders, then the new one', async () => {
    const quick = await createTestShop('pglite', { pageCacheTtlMs: 50 });
    try {
      const first = await quick.app.request('/pages/faqs');
      expect(first.headers.get('x-vitrine-page-cache')).toBe('MISS');
      await new Promise((r) => setTimeout(r, 70));
      const stale = await quick.app.request('/pages/faqs');
      expect(stale.headers.get('x-vitrine-page-cache')).toBe('STALE');
      expect(await stale.text()).toBe(await first.text());
      await new Promise((r) => setTimeout(r, 40));
      expect((await quick.app.request('/pages/faqs')).headers.get('x-vitrine-page-cache')).toBe('HIT');
      await new Promise((r) => setTimeout(r, 150));
      expect((await quick.app.request('/pages/faqs')).headers.get('x-vitrine-page-cache')).toBe('MISS');
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
    const saved = await shop.app.request('/api/pages/about', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify(page),
    });
    expect(saved.status).toBe(200);
    const after = await get('/pages/about');
    expect(cacheState(after)).toBe('MISS');
    expect(await after.text()).toContain('Changed just now');
  });
});
