// Cookie consent on the server (issue 27): the categories and their defaults, a visitor's choice kept as
// proof and remembered 180 days, the integrations the server lets a page load for that choice, the
// merchant's change of the categories, and the page's Content-Security-Policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, serializeConsent } from '../../renderer/consent/consent-cookie';
import type { AccountExport, AllowedIntegration, ConsentRecordView, CookieCategory, Site } from '../../schemas/generated/api';
import { newCustomer } from '../../test-support/server/customers';
import {
  createTestShop,
  merchantHeaders,
  readEnvelope,
  visitors,
  type Driver,
  type TestShop,
} from '../../test-support/server/test-app';

const json = { 'Content-Type': 'application/json' };

describe.each<Driver>(['pglite', 'postgres'])('cookie consent on %s', (driver) => {
  let shop: TestShop;
  const newVisitor = visitors();
  let version: string;
  beforeAll(async () => {
    shop = await createTestShop(driver);
    version = (await readEnvelope<Site>(await shop.app.request('/api/site'))).data.extDataMap.cookiePolicyVersion!;
  });
  afterAll(() => shop?.close());

  const consentCookie = (analytics: boolean, advertising: boolean, v = version) =>
    `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent({ analytics, advertising, version: v, at: 1_790_000_000 }))}`;
  const integrations = async (path: string, cookie?: string) =>
    (
      await readEnvelope<AllowedIntegration[]>(
        await shop.app.request(`/api/integrations?path=${encodeURIComponent(path)}`, {
          headers: cookie ? { Cookie: cookie } : {},
        }),
      )
    ).data;
  const patchSite = (extDataMap: Record<string, string>) =>
    shop.app.request('/api/site', { method: 'PATCH', headers: merchantHeaders, body: JSON.stringify({ extDataMap }) });

  it('the demo shop shows the banner, denies both categories by default and names its policy version', async () => {
    const site = (await readEnvelope<Site>(await shop.app.request('/api/site'))).data;
    expect(site.extDataMap).toMatchObject({ cookie: 'ON', cookieAccepted: 'OFF' });
    expect(version).toMatch(/^[\w-]{10}$/);
    const categories = (await readEnvelope<CookieCategory[]>(await shop.app.request('/api/cookieConfig/list'))).data;
    expect(categories.map((c) => [c.code, c.required, c.defaultGranted])).toEqual([
      ['essential', true, true],
      ['analytics', false, false],
      ['advertising', false, false],
    ]);
  });

  it('a choice is kept with its policy version and remembered in the consent cookie for 180 days', async () => {
    const visitor = newVisitor();
    const response = await shop.app.request('/api/consent', {
      method: 'POST',
      headers: { ...json, customerUUID: visitor },
      body: JSON.stringify({ analytics: true, advertising: false, version, source: 'banner' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(new RegExp(`^${CONSENT_COOKIE}=`));
    expect(cookie).toContain('Max-Age=15552000');
    expect(cookie).toContain('SameSite=Lax');
    const records = await readEnvelope<ConsentRecordView[]>(
      await shop.app.request(`/api/consent/records?visitorId=${visitor}`, { headers: merchantHeaders }),
    );
    expect(records.data).toEqual([
      expect.objectContaining({ policyVersion: version, analytics: true, advertising: false, source: 'banner' }),
    ]);
    // The proof of consent is the merchant's.
    expect((await shop.app.request(`/api/consent/records?visitorId=${visitor}`)).status).toBe(401);
  });

  it('a signed-in customer’s choices are part of their data export', async () => {
    const customer = await newCustomer(shop);
    const chosen = await shop.app.request('/api/consent', {
      method: 'POST',
      headers: { ...customer.headers, customerUUID: newVisitor() },
      body: JSON.stringify({ analytics: false, advertising: true, version, source: 'preferences' }),
    });
    expect(chosen.status).toBe(200);
    const exported = await readEnvelope<AccountExport>(
      await shop.app.request('/api/customer/user/export', { headers: customer.headers }),
    );
    expect(exported.data.consents).toEqual([
      expect.objectContaining({ policyVersion: version, analytics: false, advertising: true, source: 'preferences' }),
    ]);
  });

  it('a choice made for an older policy, or with a field the call does not take, is refused and nothing is kept', async () => {
    const visitor = newVisitor();
    const post = (body: unknown) =>
      shop.app.request('/api/consent', {
        method: 'POST',
        headers: { ...json, customerUUID: visitor },
        body: JSON.stringify(body),
      });
    const stale = await post({ analytics: true, advertising: true, version: 'older-one', source: 'banner' });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('Set-Cookie')).toBeNull();
    expect((await post({ analytics: true, advertising: true, version, source: 'banner', essential: false })).status).toBe(400);
    const records = await readEnvelope<ConsentRecordView[]>(
      await shop.app.request(`/api/consent/records?visitorId=${visitor}`, { headers: merchantHeaders }),
    );
    expect(records.data).toEqual([]);
  });

  it('the server answers only the integrations the visitor consented to, without their secrets', async () => {
    expect(await integrations('/')).toEqual([]);
    expect(await integrations('/', consentCookie(false, false))).toEqual([]);
    expect((await integrations('/', consentCookie(true, false))).map((i) => i.code)).toEqual(['googleAnalytics4']);
    const ads = await integrations('/', consentCookie(false, true));
    expect(ads.map((i) => i.code).sort()).toEqual(['pixel', 'tagManager', 'tiktok']);
    // A choice for another version of the policy counts for nothing: the default (denied) holds.
    expect(await integrations('/', consentCookie(true, true, 'older-one'))).toEqual([]);
    // A Conversions API token is the server's own.
    const saved = await shop.app.request('/api/app/config/pixel', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({
        status: 'ON',
        config: { pixelNumber: ['1234567890123456'], accessToken: 'EAAGsecretTokenForTheServer01' },
      }),
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(await integrations('/', consentCookie(true, true)))).not.toContain('EAAGsecretTokenForTheServer01');
  });

  it('the merchant’s custom JS and the widgets never load where a shopper pays; tags do', async () => {
    const saved = await shop.app.request('/api/app/config/customJs', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({ status: 'ON', config: { js: 'window.merchantRan = true;' } }),
    });
    expect(saved.status).toBe(200);
    const all = consentCookie(true, true);
    expect((await integrations('/', all)).map((i) => i.code)).toContain('customJs');
    for (const path of ['/checkout/0123456789abcdef0123456789abcdef', '/thankyou/0123456789abcdef0123456789abcdef'])
      expect((await integrations(path, all)).map((i) => i.code).sort(), path).toEqual([
        'googleAnalytics4',
        'pixel',
        'tagManager',
        'tiktok',
      ]);
    // The page's policy allows what may load on it after a choice, and the custom JS by its hash only where it may run.
    const home = (await shop.app.request('/', { headers: { Cookie: `sakUUID=${newVisitor()}` } })).headers.get(
      'Content-Security-Policy',
    )!;
    expect(home).toContain('https://connect.facebook.net');
    expect(home).toContain('https://analytics.tiktok.com');
    expect(home).toMatch(/script-src [^;]*'sha256-/);
    const search = (await shop.app.request('/search?q=linen')).headers.get('Content-Security-Policy')!;
    const customJsHash = home.split(' ').filter((source) => source.startsWith("'sha256-") && !search.includes(source));
    expect(customJsHash.length).toBeGreaterThan(0);
  });

  it('with cookieAccepted ON both categories are granted before any choice; a choice still overrides it', async () => {
    expect((await patchSite({ cookieAccepted: 'ON' })).status).toBe(200);
    try {
      expect((await integrations('/')).map((i) => i.code).sort()).toEqual(
        expect.arrayContaining(['googleAnalytics4', 'pixel', 'tagManager', 'tiktok']),
      );
      expect(await integrations('/', consentCookie(false, false))).toEqual([]);
      const categories = (await readEnvelope<CookieCategory[]>(await shop.app.request('/api/cookieConfig/list'))).data;
      expect(categories.every((c) => c.defaultGranted)).toBe(true);
    } finally {
      await patchSite({ cookieAccepted: 'OFF' });
    }
  });

  it('the merchant changes the categories: refused whole without the default language, else a new policy version', async () => {
    const category = (code: string, en?: string) => ({
      code,
      name: en ? { en, fr: `${en} (fr)` } : { fr: 'Sans anglais' },
      description: { en: `${code} cookies`, fr: `Cookies ${code}` },
    });
    const put = (body: unknown) =>
      shop.app.request('/api/cookieConfig', { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(body) });
    const refused = await put({
      categories: [category('essential', 'Essential'), category('analytics'), category('advertising', 'Ads')],
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('/categories/1/name');
    const twice = await put({
      categories: [category('essential', 'Essential'), category('analytics', 'A'), category('analytics', 'B')],
    });
    expect(twice.status).toBe(400);
    expect((await readEnvelope<Site>(await shop.app.request('/api/site'))).data.extDataMap.cookiePolicyVersion).toBe(version);
    expect(
      (
        await put({
          categories: [category('essential', 'Essential'), category('analytics', 'A'), category('advertising', 'Ads')],
        })
      ).status,
    ).toBe(200);
    const changed = (await readEnvelope<Site>(await shop.app.request('/api/site'))).data.extDataMap.cookiePolicyVersion;
    expect(changed).not.toBe(version);
    // Everyone is asked again: a choice for the old policy no longer counts.
    expect(await integrations('/', consentCookie(true, true))).toEqual([]);
    const anyone = await shop.app.request('/api/cookieConfig', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ categories: [] }),
    });
    expect(anyone.status).toBe(401);
  });
});
