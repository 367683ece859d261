// The merchant's call on the used apps (spec section 3): PUT /api/app/config/{code} with the merchant
// token, the config checked against its code's schema (a 400 naming the field, nothing saved), secrets
// never answered to a browser, and a saved change seen at once by the pages of the process.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../schemas/generated/api';
import { createTestShop, merchantHeaders, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';
import { check } from './validate';

const put = (shop: TestShop, code: string, body: unknown, headers: Record<string, string> = merchantHeaders) =>
  shop.app.request(`/api/app/config/${code}`, { method: 'PUT', headers, body: JSON.stringify(body) });

const used = async (shop: TestShop) => (await readEnvelope<AppConfig[]>(await shop.app.request('/api/app/config/used'))).data;

describe('the demo shop’s used apps', () => {
  it('each app of fixtures/apps.json is valid for its code', () => {
    const apps = JSON.parse(readFileSync(new URL('../../fixtures/apps.json', import.meta.url), 'utf8')) as AppConfig[];
    for (const app of apps) {
      const def = `${app.code[0]!.toUpperCase()}${app.code.slice(1)}AppUpdate`;
      expect(() => check(def, { status: app.status, config: app.config }, app.code), app.code).not.toThrow();
    }
  });
});

describe.each<Driver>(['pglite', 'postgres'])('PUT /api/app/config/{code} on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  it('is the merchant’s only', async () => {
    const response = await put(
      shop,
      'snapchat',
      { status: 'ON', config: { pixelId: '6f0a3c1e-2b4d-4e8f-9a7b-1c2d3e4f5a6b' } },
      {
        'Content-Type': 'application/json',
      },
    );
    expect(response.status).toBe(401);
    expect((await used(shop)).some((app) => app.code === 'snapchat')).toBe(false);
  });

  it.each([
    ['googleAnalytics4', { enable: true, id: 'UA-1234567-1' }, '/config/id'],
    ['googleAnalytics', { enable: true, id: 'G-ABCDEF1234' }, '/config/id'],
    ['tagManager', { enable: true, key: 'gtm-abc123' }, '/config/key'],
    ['pixel', { pixelNumber: ['12345', '1234567890123456'] }, '/config/pixelNumber/0'],
    ['tiktok', { pixels: [{ pixelId: 'not-a-tiktok-id' }] }, '/config/pixels/0/pixelId'],
    ['snapchat', { pixelId: '1234' }, '/config/pixelId'],
    ['googlead', { googlead: [{ googleAccount: 'AW-123456789', conversionLabel: 'a b' }] }, '/config/googlead/0/conversionLabel'],
    [
      'independentPixel',
      { pixelNumber: ['1234567890123456'], independentPixelHOST: 'http://px.shop.test' },
      '/config/independentPixelHOST',
    ],
    ['heatMap', { accountId: '12345', extra: true }, '/config/extra'],
    ['messenger', { appId: '1234567890' }, '/config/pageId'],
  ])('refuses a bad %s config, naming %s, and saves nothing', async (code, config, pointer) => {
    const before = await used(shop);
    const response = await readEnvelope<{ errors: { path: string }[] }>(await put(shop, code, { status: 'ON', config }));
    expect(response.status).toBe(400);
    expect(response.data.errors.map((e) => e.path)).toContain(pointer);
    expect(await used(shop)).toEqual(before);
  });

  it('answers 404 for a code that is no app, and 400 for a body without status', async () => {
    expect((await put(shop, 'myspace', { status: 'ON', config: {} })).status).toBe(404);
    const missing = await readEnvelope<{ errors: { path: string }[] }>(
      await put(shop, 'heatMap', { config: { accountId: '12345' } }),
    );
    expect(missing.status).toBe(400);
    expect(missing.data.errors.map((e) => e.path)).toContain('/status');
  });

  it('saves an app: answered by GET /api/app/config/used while ON, gone when OFF', async () => {
    const snap = { pixelId: '6f0a3c1e-2b4d-4e8f-9a7b-1c2d3e4f5a6b' };
    const saved = await readEnvelope<AppConfig>(await put(shop, 'snapchat', { status: 'ON', config: snap }));
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ code: 'snapchat', status: 'ON', config: snap });
    expect((await used(shop)).find((app) => app.code === 'snapchat')).toEqual(saved.data);
    expect((await put(shop, 'snapchat', { status: 'OFF', config: snap })).status).toBe(200);
    expect((await used(shop)).some((app) => app.code === 'snapchat')).toBe(false);
  });

  it('keeps the Conversions API token and the maps key on the server', async () => {
    const token = 'EAAB' + 'x'.repeat(60);
    const key = 'AIza' + 'S'.repeat(35);
    const pixel = await readEnvelope<AppConfig>(
      await put(shop, 'pixel', { status: 'ON', config: { pixelNumber: ['1234567890123456'], accessToken: token } }),
    );
    expect(pixel.data.config).toEqual({ pixelNumber: ['1234567890123456'] });
    expect((await put(shop, 'googleMaps', { status: 'ON', config: { key } })).status).toBe(200);
    const text = await (await shop.app.request('/api/app/config/used')).text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(key);
    expect((await used(shop)).find((app) => app.code === 'googleMaps')).toEqual({ code: 'googleMaps', status: 'ON', config: {} });
    const page = await (await shop.app.request('/')).text();
    expect(page).not.toContain(token);
    expect(page).not.toContain(key);
  });

  it('a changed meta tag is in the next page at once (the caches are dropped)', async () => {
    expect(await (await shop.app.request('/')).text()).toContain('content="vitrine-demo"');
    const config = { metaTags: [{ name: 'google-site-verification', content: 'changed-by-merchant' }] };
    expect((await put(shop, 'customMeta', { status: 'ON', config })).status).toBe(200);
    const page = await (await shop.app.request('/')).text();
    expect(page).toContain('content="changed-by-merchant"');
    expect(page).not.toContain('content="vitrine-demo"');
  });

  it('two apps saved at once both stay', async () => {
    const responses = await Promise.all([
      put(shop, 'heatMap', { status: 'ON', config: { accountId: '1234567' } }),
      put(shop, 'statcounter', { status: 'ON', config: { project: '12345678', security: 'abcdef12' } }),
      put(shop, 'emailMarketing', { status: 'ON', config: { accountId: 'AbC123' } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const codes = (await used(shop)).map((app) => app.code);
    expect(codes).toEqual(expect.arrayContaining(['heatMap', 'statcounter', 'emailMarketing', 'customMeta', 'pixel']));
  });
});
