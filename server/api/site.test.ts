import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSummary, Site } from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('site and theme page calls on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  it('GET /api/site gives the site info of spec section 3 in the envelope', async () => {
    const body = await readEnvelope<Site>(await shop.app.request('/api/site'));
    expect(body).toMatchObject({ status: 200, code: 200, message: 'success' });
    expect(body.data).toMatchObject({
      siteId: 1,
      currency: { code: 'USD' },
      defaultLocale: 'en',
      siteLanguageSetting: { browserOpen: false },
      extDataMap: { checkoutType: 'multi-step' },
    });
    expect(body.data.locales.map((l) => l.code)).toHaveLength(20);
    expect(body.data.currencies.map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'CHF',
      'SEK',
      'PLN',
      'HUF',
      'CAD',
      'JPY',
      'MXN',
    ]);
  });

  it('GET /api/themePage lists the theme pages with their code and live version', async () => {
    const body = await readEnvelope<PageSummary[]>(await shop.app.request('/api/themePage', { headers: { language: 'fr' } }));
    const home = body.data.find((p) => p.handle === 'home');
    expect(home).toMatchObject({ pageCode: 'home', kind: 'shop', version: 1 });
    expect(home?.title).toMatch(/^Vitrine Goods : /);
  });

  it('GET /api/themePage/detail/{id}/pageCode/{code} gives the stored page, and 404 when id and code do not match', async () => {
    const list = await readEnvelope<PageSummary[]>(await shop.app.request('/api/themePage'));
    const about = list.data.find((p) => p.handle === 'about')!;
    const detail = await readEnvelope<{ page: { blocks: unknown[] } }>(
      await shop.app.request(`/api/themePage/detail/${about.id}/pageCode/about`),
    );
    expect(detail.data.page.blocks.length).toBeGreaterThan(0);
    const mismatch = await shop.app.request(`/api/themePage/detail/${about.id + 1000}/pageCode/about`);
    expect(mismatch.status).toBe(404);
  });

  it('GET /api/pageConfig/handle/{handle} gives the live page with defaults filled in, 404 for an unknown handle', async () => {
    const body = await readEnvelope<{ version: number; page: { blocks: { id: string; settings: Record<string, unknown> }[] } }>(
      await shop.app.request('/api/pageConfig/handle/home'),
    );
    const timer = body.data.page.blocks.find((b) => b.id === 'sale-timer')!;
    expect(timer.settings).toMatchObject({ showMilliseconds: true, hideWhenEnded: false, align: 'center' });
    const missing = await shop.app.request('/api/pageConfig/handle/nope');
    expect(missing.status).toBe(404);
    expect(await readEnvelope(missing)).toMatchObject({ code: 404, message: 'There is no page "nope".' });
  });

  it('answers an unknown call with a 404 envelope and every response with Server-Timing', async () => {
    const response = await shop.app.request('/api/no-such-call');
    expect(response.status).toBe(404);
    expect((await readEnvelope(response)).code).toBe(404);
    expect(response.headers.get('server-timing')).toMatch(/total;dur=\d/);
    expect((await shop.app.request('/api/site')).headers.get('server-timing')).toMatch(/total;dur=\d/);
  });
});
