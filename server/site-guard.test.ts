// The site's modes, password gate and redirects through the whole app (spec sections 2, 4, 5 and 8): what a
// visitor's browser and the merchant meet, call by call. The table itself is walked in
// server/commerce/site-access/access.test.ts; several processes in site-modes-processes.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopOverviewLink, Site, SiteSettingsChange, SiteSettingsPatch } from '../schemas/generated/api';
import { gateCookieValue } from './commerce/site-access/gate-cookie';
import { GATE_FAILURES_PER_ADDRESS } from './commerce/site-access/password-gate';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../test-support/server/test-app';

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop('pglite');
});
afterEach(() => shop?.close());

const patchSite = (patch: SiteSettingsPatch) =>
  shop.app.request('/api/site', { method: 'PATCH', headers: merchantHeaders, body: JSON.stringify(patch) });
const get = (path: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  shop.app.request(path, {
    headers: {
      ...headers,
      ...(Object.keys(cookies).length && {
        Cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      }),
    },
  });
const tryPassword = (gate: 'store' | 'funnel', password: string, cookies: Record<string, string> = {}) =>
  shop.app.request('/api/site/password', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
    body: JSON.stringify({ gate, password }),
  });
/** The Set-Cookie lines of an answer, by cookie name. */
const setCookies = (response: Response) =>
  Object.fromEntries(response.headers.getSetCookie().map((line) => [line.split('=', 1)[0]!, line]));

describe('the merchant sets the site (PATCH /api/site)', () => {
  it('keeps each change with who and when; GET /api/site never shows a password', async () => {
    expect((await patchSite({ extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'launch-day' } })).status).toBe(200);
    expect((await patchSite({ siteMode: { state: 'maintenance', message: { en: 'Back at noon' } } })).status).toBe(200);
    const site = await readEnvelope<Site>(await get('/api/site', {}, { Authorization: merchantHeaders.Authorization }));
    expect(site.data.extDataMap.passwordProtect).toBe('ON');
    expect(JSON.stringify(site.data)).not.toContain('launch-day');
    expect(site.data.siteMode).toEqual({ state: 'maintenance', message: { en: 'Back at noon' } });
    const changes = await readEnvelope<SiteSettingsChange[]>(await get('/api/site/changes', {}, merchantHeaders));
    expect(changes.data.map((c) => c.patch)).toEqual([
      { siteMode: { state: 'maintenance', message: { en: 'Back at noon' } } },
      { extDataMap: { passwordProtect: 'ON', passwordProtect_shop: '(set)' } },
    ]);
    expect(changes.data[0]).toMatchObject({ actor: 'merchant', requestId: expect.any(String) as string });
    expect(Date.parse(changes.data[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    await patchSite({ siteMode: { state: 'live' } });
    expect((await get('/api/site/changes')).status).toBe(401);
  });

  it('refuses a loop, a clash, a text without the default language and unknown fields, and keeps what was saved', async () => {
    await patchSite({ routeRedirectConfigList: [{ redirectFrom: '/old', redirectTo: '/collections/all' }] });
    const loop = await readEnvelope<{ errors: { path: string }[] }>(
      await patchSite({
        routeRedirectConfigList: [
          { redirectFrom: '/a', redirectTo: '/b' },
          { redirectFrom: '/b', redirectTo: '/a' },
        ],
        siteMode: { state: 'closed', message: { fr: 'Fermé' } },
      }),
    );
    expect(loop.status).toBe(400);
    expect(loop.data.errors.map((e) => e.path)).toEqual([
      '/routeRedirectConfigList/0',
      '/routeRedirectConfigList/1',
      '/siteMode/message',
    ]);
    expect((await patchSite({ siteMode: { state: 'paused' } } as never)).status).toBe(400);
    expect((await patchSite({ mode: 'closed' } as never)).status).toBe(400);
    const site = await readEnvelope<Site>(await get('/api/site'));
    expect(site.data.routeRedirectConfigList).toEqual([{ redirectFrom: '/old', redirectTo: '/collections/all' }]);
    expect(site.data.siteMode).toBeUndefined();
    expect((await patchSite({ siteMode: { state: 'closed' } })).status).toBe(200);
    expect((await patchSite({ siteMode: { state: 'live' } })).status).toBe(200);
    const anonymous = { method: 'PATCH', body: '{"siteMode":{"state":"live"}}', headers: { 'Content-Type': 'application/json' } };
    expect((await shop.app.request('/api/site', anonymous)).status).toBe(401);
  });
});

describe('the password gate (spec sections 4 and 5)', () => {
  beforeEach(async () => {
    await patchSite({
      extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'launch-day', passwordProtect_funnel: 'funnel-pass' },
      passwordPage: { message: { en: 'Opening on Monday', fr: 'Ouverture lundi' } },
    });
  });

  it('sends a visitor to the password page, remembering where they were, and back after the right password', async () => {
    const stopped = await get('/products/linen-shirt?size=m');
    expect(stopped.status).toBe(302);
    expect(stopped.headers.get('Location')).toBe('/password/store');
    expect(setCookies(stopped).STOREPATH).toMatch(/^STOREPATH=%2Fproducts%2Flinen-shirt%3Fsize%3Dm; .*HttpOnly/);
    const passwordPage = await get('/password/store');
    expect(passwordPage.status).toBe(200);
    const html = await passwordPage.text();
    expect(html).toContain('Opening on Monday');
    expect(html).toMatch(/<label for="gate-password">Password<\/label>/);
    expect(html).toContain('noindex');
    expect(html).not.toContain('<header');

    const wrong = await readEnvelope(await tryPassword('store', 'launch day'));
    expect(wrong).toMatchObject({ status: 401, code: 50024 });
    expect(wrong.message).toMatch(/^Password is wrong, please try again/);
    const right = await tryPassword('store', 'launch-day', { STOREPATH: encodeURIComponent('/products/linen-shirt?size=m') });
    expect(await readEnvelope(right.clone())).toMatchObject({ code: 200, data: { redirectTo: '/products/linen-shirt?size=m' } });
    const cookie = setCookies(right).passwordProtect_shop!;
    expect(cookie).toContain(`passwordProtect_shop=${encodeURIComponent(gateCookieValue('launch-day'))}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(setCookies(right).STOREPATH).toMatch(/Max-Age=0/);
    const passed = await get('/products/linen-shirt?size=m', { passwordProtect_shop: gateCookieValue('launch-day') });
    expect(passed.status).toBe(200);
  });

  it('keeps API calls behind the gate (50023) but the exempt ones, and funnel paths behind the funnel password', async () => {
    const products = await readEnvelope(await get('/api/products'));
    expect(products).toMatchObject({ status: 401, code: 50023 });
    expect((await get('/api/products', { passwordProtect_shop: gateCookieValue('launch-day') })).status).toBe(200);
    expect((await get('/api/countries')).status).toBe(200);
    const funnel = await get('/funnel/summer-linen?pageId=2');
    expect(funnel.headers.get('Location')).toBe('/password/funnel');
    expect(setCookies(funnel).FUNNELPATH).toContain(encodeURIComponent('/funnel/summer-linen?pageId=2'));
    expect((await get('/funnel/summer-linen', { passwordProtect_shop: gateCookieValue('launch-day') })).status).toBe(302);
    expect((await get('/funnel/summer-linen', { passwordProtect_funnel: gateCookieValue('funnel-pass') })).status).toBe(200);
    for (const open of ['/account/forgotten', '/robots.txt', '/sitemap.xml', '/health'])
      expect([open, (await get(open)).status]).toEqual([open, 200]);
    // The payment pages are the spec's exemption: a shopper paying an order they hold is not stopped.
    expect((await get('/payment/information?orderToken=0')).headers.get('Location')).toBeNull();
  });

  it('removes a stale cookie (a password changed since) and asks again', async () => {
    const stale = await get('/', { passwordProtect_shop: gateCookieValue('last-week') });
    expect(stale.headers.get('Location')).toBe('/password/store');
    expect(setCookies(stale).passwordProtect_shop).toMatch(/^passwordProtect_shop=; .*Max-Age=0/);
  });

  it("lets a page's signed preview link through, never an unsigned one", async () => {
    const link = await readEnvelope<{ path: string }>(
      await shop.app.request('/api/pages/about/versions/1/preview', { method: 'POST', headers: merchantHeaders }),
    );
    expect((await get(link.data.path)).status).toBe(200);
    expect((await get('/pages/about?preview=1')).status).toBe(302);
    expect((await get('/pages/about?overview=1')).status).toBe(302);
  });

  it(`refuses more than ${GATE_FAILURES_PER_ADDRESS} wrong passwords from one address in 15 minutes, the right one too`, async () => {
    for (let i = 0; i < GATE_FAILURES_PER_ADDRESS; i++) expect((await tryPassword('store', `guess-${i}`)).status).toBe(401);
    const refused = await readEnvelope(await tryPassword('store', 'launch-day'));
    expect(refused).toMatchObject({ status: 429, code: 50025 });
  });
});

describe('maintenance and closed (spec sections 4 and 8)', () => {
  it('maintenance: pages go to /maintenance (503, Retry-After, noindex), calls answer 50021, and back home once live', async () => {
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    await patchSite({
      siteMode: { state: 'maintenance', endsAt, message: { en: 'New collection at noon', de: 'Neue Kollektion' } },
    });
    const home = await get('/products/linen-shirt');
    expect([home.status, home.headers.get('Location'), home.headers.get('Cache-Control')]).toEqual([
      302,
      '/maintenance',
      'no-store',
    ]);
    const page = await get('/maintenance', { 'sak-locale': 'de' });
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('Retry-After'))).toBeGreaterThan(7000);
    expect(page.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await page.text()).toContain('Neue Kollektion');
    const call = await get('/api/products');
    expect(await readEnvelope(call.clone())).toMatchObject({ status: 503, code: 50021 });
    expect(Number(call.headers.get('Retry-After'))).toBeGreaterThan(7000);
    // A payment already made is still recorded: the webhook is the provider's, answered by its own rules.
    const webhook = await readEnvelope(
      await shop.app.request('/api/payment-providers/test-bank/webhook', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(webhook.code).not.toBe(50021);
    expect((await get('/health')).status).toBe(200);

    await patchSite({ siteMode: { state: 'live' } });
    expect((await get('/api/site')).status).toBe(200);
    expect((await get('/maintenance')).headers.get('Location')).toBe('/');
    expect((await get('/products/linen-shirt')).status).toBe(200);
  });

  it('closed: the website-unavailable page, code 50022 for calls', async () => {
    await patchSite({ siteMode: { state: 'closed' } });
    expect((await get('/collections/all')).headers.get('Location')).toBe('/closed');
    const page = await get('/closed');
    expect(page.status).toBe(503);
    expect(page.headers.get('Retry-After')).toBeNull();
    const html = await page.text();
    expect(html).toContain('Website unavailable');
    expect(html).not.toContain('<footer');
    expect(await readEnvelope(await get('/api/products'))).toMatchObject({ status: 503, code: 50022 });
  });

  it('the merchant sees the real shop through a signed overview link, with a cookie the banner reads', async () => {
    await patchSite({ siteMode: { state: 'maintenance' } });
    expect((await get('/api/products', {}, merchantHeaders)).status).toBe(200);
    const link = await readEnvelope<ShopOverviewLink>(
      await shop.app.request('/api/site/overview', { method: 'POST', headers: merchantHeaders }),
    );
    expect(link.data.path).toMatch(/^\/\?overview=\d{13}\./);
    const opened = await get(link.data.path.replace('/?', '/products/linen-shirt?a=1&'));
    expect([opened.status, opened.headers.get('Location')]).toEqual([302, '/products/linen-shirt?a=1']);
    const cookies = setCookies(opened);
    expect(cookies.overview).toMatch(/HttpOnly/);
    expect(cookies.merchantView).toMatch(/^merchantView=maintenance;/);
    expect(cookies.merchantView).not.toMatch(/HttpOnly/);
    const overview = decodeURIComponent(cookies.overview!.split(';')[0]!.split('=')[1]!);
    expect((await get('/products/linen-shirt', { overview })).status).toBe(200);
    expect((await get('/api/products', { overview })).status).toBe(200);
    // A forged or expired one is dropped and the visitor meets the mode.
    const forged = await get('/', { overview: `${Date.now() + 60_000}.${'A'.repeat(43)}` });
    expect(forged.headers.get('Location')).toBe('/maintenance');
  });
});

describe('redirects (spec section 2)', () => {
  it('answers 301 with the query carried over, before any 404', async () => {
    await patchSite({
      routeRedirectConfigList: [
        { redirectFrom: '/old-shirts', redirectTo: '/collections/all' },
        { redirectFrom: '/products/linen-shirt-2024', redirectTo: '/products/linen-shirt?size=m' },
      ],
    });
    const moved = await get('/old-shirts?utm_source=mail');
    expect([moved.status, moved.headers.get('Location')]).toEqual([301, '/collections/all?utm_source=mail']);
    const withQuery = await get('/products/linen-shirt-2024?ref=x');
    expect(withQuery.headers.get('Location')).toBe('/products/linen-shirt?size=m&ref=x');
    expect((await get('/old-shirts/more')).status).toBe(404);
  });
});
