// A URL per language (issue 28): each language of a page has its own address, which search engines index
// as that language (its own canonical, hreflang alternates for every language and x-default, reciprocal
// and absolute as Google asks) and which shows the same page to every visitor, whatever their cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../fixtures/site.json' with { type: 'json' };
import { intlLocale } from '../../renderer/i18n/locales';
import { createTestShop, PUBLIC_URL, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0 });
});
afterAll(() => shop.close());

const get = (path: string, headers?: Record<string, string>) => shop.app.request(path, { headers });
const html = async (path: string, headers?: Record<string, string>) => {
  const response = await get(path, headers);
  expect(response.status, path).toBe(200);
  return response.text();
};
const canonicalOf = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];
const alternatesOf = (page: string) =>
  Object.fromEntries([...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1]!, m[2]!]));

describe('a page in French', () => {
  it('has its own address: lang="fr", French text, a canonical to itself', async () => {
    const page = await html('/fr/products/linen-shirt');
    expect(page).toMatch(/<html lang="fr"/);
    expect(page).toContain('Chemise en lin');
    expect(canonicalOf(page)).toBe(`${PUBLIC_URL}/fr/products/linen-shirt`);
  });

  it('lists the page in every language the shop offers and x-default, absolute, each pointing back', async () => {
    const page = await html('/fr/products/linen-shirt');
    const alternates = alternatesOf(page);
    expect(Object.keys(alternates)).toHaveLength(site.locales.length + 1);
    expect(alternates['x-default']).toBe(`${PUBLIC_URL}/products/linen-shirt`);
    expect(alternates.en).toBe(`${PUBLIC_URL}/products/linen-shirt`);
    expect(alternates['zh-CN']).toBe(`${PUBLIC_URL}/cn/products/linen-shirt`);
    for (const { code } of site.locales) expect(alternates[intlLocale(code)], code).toMatch(/^http:\/\/localhost\//);
    // Reciprocal: every language's page lists the same set, and is its own canonical.
    for (const [hreflang, href] of Object.entries(alternates)) {
      const other = await html(new URL(href).pathname);
      expect(alternatesOf(other), hreflang).toEqual(alternates);
      expect(canonicalOf(other), hreflang).toBe(href);
    }
  });

  it('search results, which are not to be indexed, list no alternates', async () => {
    const page = await html('/fr/search?q=lin');
    expect(alternatesOf(page)).toEqual({});
  });

  it('links to the shop in French', async () => {
    const page = await html('/fr/collections/apparel');
    const links = [...page.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!);
    const shopLinks = links.filter((href) => /^\/(products|collections|pages|cart|search)\b/.test(href.replace(/^\/fr/, '')));
    expect(shopLinks.length).toBeGreaterThan(10);
    expect(shopLinks.filter((href) => !href.startsWith('/fr/'))).toEqual([]);
  });

  it('is French for every visitor: a cookie or a browser asking for another language changes nothing', async () => {
    const page = await html('/fr/products/linen-shirt', { Cookie: 'sak-locale=de', 'Accept-Language': 'de-DE' });
    expect(page).toMatch(/<html lang="fr"/);
    const english = await html('/products/linen-shirt', { Cookie: 'sak-locale=de', 'Accept-Language': 'de-DE' });
    expect(english).toMatch(/<html lang="en-US"/);
  });
});

describe('old addresses and the language switch', () => {
  it('?lang= answers with the address of that language and remembers the choice', async () => {
    const response = await get('/products/linen-shirt?lang=fr&color=sage');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/products/linen-shirt?color=sage');
    expect(response.headers.get('set-cookie')).toMatch(/^sak-locale=fr;/);
    // Back to the default language: the address without a prefix.
    const back = await get('/fr/products/linen-shirt?lang=en');
    expect(back.headers.get('location')).toBe('/products/linen-shirt');
  });

  it('the default language under a prefix, or a language the shop does not offer, goes to the address without it', async () => {
    const english = await get('/en/collections/apparel?page=2');
    expect(english.status).toBe(301);
    expect(english.headers.get('location')).toBe('/collections/apparel?page=2');
  });

  it('the calls keep their language rules (the language header, ?lang=)', async () => {
    const response = await get('/api/products/linen-shirt?lang=fr');
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('Chemise en lin');
  });
});

describe('the sitemap', () => {
  it('lists each page in every language, each entry with all the alternates and x-default', async () => {
    const response = await get('/sitemap.xml');
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = (loc: string) => new RegExp(`<url><loc>${loc.replace(/[.?]/g, '\\$&')}</loc>.*?</url>`).exec(xml)?.[0];
    const french = entry(`${PUBLIC_URL}/fr/products/linen-shirt`);
    const english = entry(`${PUBLIC_URL}/products/linen-shirt`);
    expect(french).toBeDefined();
    const links = (url: string) => [...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links(french!)).toHaveLength(site.locales.length + 1);
    expect(links(french!)).toEqual(links(english!));
    expect(links(french!)).toContain(`x-default ${PUBLIC_URL}/products/linen-shirt`);
    expect(links(french!)).toContain(`de ${PUBLIC_URL}/de/products/linen-shirt`);
  });
});
