import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import { createTestShop, merchantHeaders, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

const drivers: Driver[] = ['pglite', 'postgres'];

const simplePage = (text: string) => ({
  handle: 'summer-sale',
  kind: 'shop',
  title: { en: 'Summer sale', fr: "Soldes d'été" },
  blocks: [
    { id: 'intro', type: 'rich-text', settings: { body: text } },
    { id: 'grid', type: 'product-grid', settings: { collection: 'hot-sale', limit: 4 } },
  ],
});

describe.each(drivers)('merchant pages API on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  const put = (handle: string, body: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(`/api/pages/${handle}`, {
      method: 'PUT',
      headers: { ...merchantHeaders, ...headers },
      body: JSON.stringify(body),
    });

  it('refuses every call without the merchant token, and with a wrong one', async () => {
    const none = await shop.app.request('/api/pages/home/versions');
    expect(none.status).toBe(401);
    expect((await readEnvelope(none)).code).toBe(401);
    const wrong = await shop.app.request('/api/pages/summer-sale', {
      method: 'PUT',
      headers: { ...merchantHeaders, Authorization: 'Bearer nope' },
      body: JSON.stringify(simplePage('x')),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('stores a new page as version 1, then each change as the next version, and shows the latest', async () => {
    const created = await readEnvelope<{ version: number; created: boolean }>(await put('summer-sale', simplePage('First text')));
    expect(created).toMatchObject({ status: 201, code: 200, data: { version: 1, created: true } });
    const changed = await readEnvelope<{ version: number }>(await put('summer-sale', simplePage('Second text')));
    expect(changed).toMatchObject({ status: 200, data: { version: 2 } });
    const html = await (await shop.app.request('/pages/summer-sale')).text();
    expect(html).toContain('Second text');
    expect(html).not.toContain('First text');
  });

  it('refuses an invalid page with 400 and every error as a JSON pointer, and changes nothing', async () => {
    const before = await readEnvelope<{ version: number }[]>(
      await shop.app.request('/api/pages/home/versions', { headers: merchantHeaders }),
    );
    const broken = structuredClone(homePage) as { blocks: { settings: Record<string, unknown> }[] };
    broken.blocks[1]!.settings.limit = 99;
    broken.blocks[2]!.settings.endsAt = 'next week';
    const response = await put('home', broken);
    const body = await readEnvelope<{ errors: { path: string; message: string }[] }>(response);
    expect(body.status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data.errors).toEqual([
      { path: '/blocks/1/settings/limit', message: 'must be at most 48 (product-grid block "new-arrivals")' },
      {
        path: '/blocks/2/settings/endsAt',
        message: 'must be a date and time with a time zone, e.g. 2026-12-31T23:00:00Z (countdown block "sale-timer")',
      },
    ]);
    const after = await readEnvelope<{ version: number }[]>(
      await shop.app.request('/api/pages/home/versions', { headers: merchantHeaders }),
    );
    expect(after.data).toEqual(before.data);
    expect(await (await shop.app.request('/')).text()).toContain('Winter sale ends in');
  });

  it('refuses an unknown block type instead of rendering it as nothing', async () => {
    const page = simplePage('x');
    (page.blocks as unknown[]).push({ id: 'spin', type: 'carousel', settings: {} });
    const body = await readEnvelope<{ errors: { path: string; message: string }[] }>(await put('summer-sale', page));
    expect(body.status).toBe(400);
    expect(body.data.errors[0]).toEqual({
      path: '/blocks/2/type',
      message:
        '"carousel" is not a known block type; known types: bundle, collection-list, contact-form, countdown, downsell, faq, featured-product, feedback-form, funnel-checkout, guarantee, image-banner, order-bump, product-grid, rich-text, section, shipping-time-tip, testimonials, upsell, volume-discount (block "spin")',
    });
  });

  it('refuses a body whose handle differs from the address, and a body that is not JSON', async () => {
    const mismatch = await readEnvelope<{ errors: unknown[] }>(await put('other-page', simplePage('x')));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.errors).toEqual([{ path: '/handle', message: 'must be "other-page", the handle in the address' }]);
    const notJson = await shop.app.request('/api/pages/summer-sale', {
      method: 'PUT',
      headers: merchantHeaders,
      body: '{"handle": ',
    });
    expect(notJson.status).toBe(400);
    expect((await readEnvelope(notJson)).message).toMatch(/not valid JSON/);
  });

  it('lists versions newest first and restores an old one as a new live version', async () => {
    await put('restore-me', { ...simplePage('Version one'), handle: 'restore-me' });
    await put('restore-me', { ...simplePage('Version two'), handle: 'restore-me' });
    const list = await readEnvelope<{ version: number; live: boolean; restoredFrom: number | null }[]>(
      await shop.app.request('/api/pages/restore-me/versions', { headers: merchantHeaders }),
    );
    expect(list.data.map((v) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    const restored = await readEnvelope<{ version: number }>(
      await shop.app.request('/api/pages/restore-me/versions/1/restore', { method: 'POST', headers: merchantHeaders }),
    );
    expect(restored.data.version).toBe(3);
    expect(await (await shop.app.request('/pages/restore-me')).text()).toContain('Version one');
    const after = await readEnvelope<{ version: number; live: boolean; restoredFrom: number | null }[]>(
      await shop.app.request('/api/pages/restore-me/versions', { headers: merchantHeaders }),
    );
    expect(after.data[0]).toMatchObject({ version: 3, live: true, restoredFrom: 1 });
    const missing = await shop.app.request('/api/pages/restore-me/versions/9/restore', {
      method: 'POST',
      headers: merchantHeaders,
    });
    expect(missing.status).toBe(404);
  });

  it('saves with If-Match only when the named version is still live', async () => {
    await put('guarded', { ...simplePage('A'), handle: 'guarded' });
    const ok = await put('guarded', { ...simplePage('B'), handle: 'guarded' }, { 'If-Match': '"1"' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe('"2"');
    const stale = await put('guarded', { ...simplePage('C'), handle: 'guarded' }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(409);
    expect(await (await shop.app.request('/pages/guarded')).text()).toContain('>B<');
  });

  it('keeps every version when two saves race', async () => {
    await put('race', { ...simplePage('start'), handle: 'race' });
    const results = await Promise.all(
      ['one', 'two', 'three'].map(async (t) => put('race', { ...simplePage(t), handle: 'race' })),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok + results.filter((r) => r.status === 409).length).toBe(3);
    const versions = await readEnvelope<{ version: number }[]>(
      await shop.app.request('/api/pages/race/versions', { headers: merchantHeaders }),
    );
    expect(versions.data).toHaveLength(1 + ok);
  });

  it('returns the stored JSON exactly as the merchant wrote it', async () => {
    const page = { ...simplePage('as written'), handle: 'verbatim' };
    await put('verbatim', page);
    const doc = await readEnvelope<{ page: unknown; version: number }>(
      await shop.app.request('/api/pages/verbatim', { headers: merchantHeaders }),
    );
    expect(doc.data.page).toEqual(page);
  });
});
