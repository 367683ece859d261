import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, merchantHeaders, type TestShop } from '../../test-support/server/test-app';

// With the page cache off, every request renders; the renderer's API answers are cached for the cache TTL.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0 });
});
afterAll(() => shop.close());

const render = async (path: string) => (await shop.app.request(path)).text();
const countdownDigits = (html: string) => [...html.matchAll(/countdown__digits">(\d+)</g)].map((m) => m[1]).join(':');

describe('pages rendered from cached API answers', () => {
  it('still take the server clock of each request (the countdown moves on)', async () => {
    const first = await render('/');
    await new Promise((r) => setTimeout(r, 30));
    const second = await render('/');
    expect(countdownDigits(first)).toMatch(/^\d+:\d+:\d+:\d+:\d{3}$/);
    expect(countdownDigits(second)).not.toBe(countdownDigits(first));
  });

  it('show a saved page at once', async () => {
    expect(await render('/pages/about')).not.toContain('Saved a moment ago');
    const saved = await shop.app.request('/api/pages/about', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({
        handle: 'about',
        kind: 'shop',
        blocks: [{ id: 'x', type: 'rich-text', settings: { body: 'Saved a moment ago' } }],
      }),
    });
    expect(saved.status).toBe(200);
    expect(await render('/pages/about')).toContain('Saved a moment ago');
  });
});
