// One set of rules for who asks: a page and an API call with the same facts get the same shopper.
import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Site } from '../schemas/generated/api';
import site from '../fixtures/site.json' with { type: 'json' };
import { ShopError } from './commerce/errors';
import { createPricing } from './commerce/pricing/pricing';
import { shopperContext } from './shopper-context';

const TRANSLATED = ['en', 'en-GB', 'en-US', 'fr', 'de', 'cn'];
const VISITOR = '0b6c2d4e-8f10-4a2b-9c3d-5e6f7a8b9c0d';

function appWith(overrides: Partial<Site> = {}) {
  const shop = { ...(site as unknown as Site), ...overrides };
  const siteService = { get: async () => shop } as never;
  const rules = {
    commerce: { site: siteService, pricing: createPricing(siteService), customers: {} as never },
    translated: TRANSLATED,
    origin: 'http://localhost',
  };
  const app = new Hono();
  const answer = (c: Context) => {
    const { locale, currency, baseCurrency, visitorId, crawler } = c.get('shopper');
    return c.json({
      locale,
      currency: currency.code,
      base: baseCurrency.code,
      visitorId,
      crawler,
      cookies: c.get('shopperCookies'),
    });
  };
  app.get('/api/x', shopperContext(rules, 'api'), answer);
  app.get('/page', shopperContext(rules, 'page'), answer);
  app.onError((error, c) => c.json({ error: error instanceof ShopError ? error.error : String(error) }, 400));
  return app;
}

type Seen = {
  locale: string;
  currency: string;
  base: string;
  visitorId?: string;
  crawler?: true;
  cookies: string[];
  error?: string;
};
async function seen(app: Hono, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  return (await app.request(path, { headers })).json() as Promise<Seen>;
}

describe('the shopper of a page and of an API call', () => {
  const app = appWith();

  it.each([
    ['?lang=fr', {}, 'fr'],
    ['', { language: 'de' }, 'de'],
    ['', { Cookie: 'sak-locale=fr' }, 'fr'],
    ['?lang=de', { language: 'fr', Cookie: 'sak-locale=cn' }, 'de'],
    ['', { language: 'fr', Cookie: 'sak-locale=cn' }, 'fr'],
    // Not translated or not offered: the site's default, English as the site's variant.
    ['?lang=xx', {}, 'en-US'],
    ['', { language: 'ja' }, 'en-US'],
    // The browser's language counts only where the site allows it (the demo shop does not).
    ['', { 'Accept-Language': 'fr-FR,fr;q=0.9' }, 'en-US'],
  ])('take the language of %s %j by the same rule: %s', async (query, headers, locale) => {
    expect((await seen(app, `/page${query}`, headers)).locale).toBe(locale);
    expect((await seen(app, `/api/x${query}`, headers)).locale).toBe(locale);
  });

  it('read the browser’s language where the site allows it', async () => {
    const open = appWith({ siteLanguageSetting: { browserOpen: true } } as Partial<Site>);
    const headers = { 'Accept-Language': 'de-CH;q=0.5,fr;q=0.9' };
    expect((await seen(open, '/page', headers)).locale).toBe('fr');
    expect((await seen(open, '/api/x', headers)).locale).toBe('fr');
  });

  it.each([
    ['?currencyCode=eur', {}, 'EUR'],
    ['?currency=GBP', {}, 'GBP'],
    ['', { Cookie: 'currency=CHF' }, 'CHF'],
    ['?currencyCode=SEK', { Cookie: 'currency=CHF' }, 'SEK'],
    ['', {}, 'USD'],
  ])('take the currency of %s %j by the same rule: %s', async (query, headers, currency) => {
    for (const path of [`/page${query}`, `/api/x${query}`]) {
      const shopper = await seen(app, path, headers);
      expect(shopper.currency).toBe(currency);
      expect(shopper.base).toBe('USD');
    }
  });

  it('refuse an API call in a currency the shop does not offer (8001); a page falls back to the base', async () => {
    expect((await seen(app, '/api/x?currencyCode=XYZ')).error).toBe('currencyNotSupported');
    expect(await seen(app, '/page?currency=XYZ', { Cookie: `currency=EUR; sakUUID=${VISITOR}` })).toMatchObject({
      currency: 'EUR',
      cookies: [],
    });
    expect((await seen(app, '/page?currency=XYZ')).currency).toBe('USD');
  });

  it('know the visitor from the customerUUID header or the sakUUID cookie, a UUID only', async () => {
    for (const path of ['/page', '/api/x']) {
      expect((await seen(app, path, { customerUUID: VISITOR.toUpperCase() })).visitorId).toBe(VISITOR);
      expect((await seen(app, path, { Cookie: `sakUUID=${VISITOR}` })).visitorId).toBe(VISITOR);
    }
    expect((await seen(app, '/api/x', { customerUUID: 'not-a-uuid' })).visitorId).toBeUndefined();
    expect((await seen(app, '/api/x')).visitorId).toBeUndefined();
  });

  it('give a page’s new visitor (or one with a malformed id) an id remembered for a year', async () => {
    for (const headers of [{}, { Cookie: 'sakUUID=<script>' }] as Record<string, string>[]) {
      const { visitorId, cookies } = await seen(app, '/page', headers);
      expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(cookies).toEqual([`sakUUID=${visitorId}; Max-Age=31536000; Path=/; SameSite=Lax`]);
    }
  });

  it('remember a page visitor’s explicit choices; an API call never sets a cookie', async () => {
    // The language is chosen by the page's address (server/locale-addresses.ts, which remembers it).
    const page = await seen(app, '/page?currency=EUR', { Cookie: `sakUUID=${VISITOR}` });
    expect(page.cookies).toEqual(['currency=EUR; Max-Age=31536000; Path=/; SameSite=Lax']);
    expect((await seen(app, '/page', { Cookie: `sakUUID=${VISITOR}; currency=EUR; sak-locale=fr` })).cookies).toEqual([]);
    expect((await seen(app, '/api/x?lang=fr&currencyCode=EUR')).cookies).toEqual([]);
  });

  const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

  it('give a crawler’s page no visitor id and no cookie, even for its explicit choices', async () => {
    const page = await seen(app, '/page?lang=fr&currency=EUR', { 'User-Agent': GOOGLEBOT, Cookie: `sakUUID=${VISITOR}` });
    expect(page).toMatchObject({ locale: 'fr', currency: 'EUR', crawler: true, cookies: [] });
    expect(page.visitorId).toBeUndefined();
  });

  it('flag a crawler’s API call, and take shoppers’ browsers, headless ones included, for shoppers', async () => {
    expect((await seen(app, '/api/x', { 'User-Agent': GOOGLEBOT, customerUUID: VISITOR })).crawler).toBe(true);
    for (const agent of [CHROME, CHROME.replace('Chrome/', 'HeadlessChrome/'), `${CHROME} Chrome-Lighthouse`]) {
      const page = await seen(app, '/page', { 'User-Agent': agent });
      expect(page.crawler).toBeUndefined();
      expect(page.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('take an app or an integration calling the API (an HTTP library) for a shopper, a named crawler for a crawler', async () => {
    const tools = [
      'node',
      'undici',
      'curl/8.10.1',
      'python-requests/2.32.3',
      'okhttp/4.12.0',
      'Playwright/1.57.0 (arm64; macOS 15.1) node/22.11',
    ];
    for (const agent of tools)
      expect([agent, (await seen(app, '/api/x', { 'User-Agent': agent, customerUUID: VISITOR })).crawler]).toEqual([
        agent,
        undefined,
      ]);
    for (const agent of ['facebookexternalhit/1.1', 'Twitterbot/1.0', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'DuckDuckBot/1.1'])
      expect([agent, (await seen(app, '/page', { 'User-Agent': agent })).crawler]).toEqual([agent, true]);
  });
});
