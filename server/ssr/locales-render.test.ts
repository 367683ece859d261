// Every page type renders in every language without a missing translation, with <html lang> set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intlLocale, LOCALE_CODES } from '../../renderer/i18n/locales';
import { createTestShop, type TestShop } from '../testing/test-app';

const PAGES = [
  '/',
  '/collections/apparel',
  '/collections/all?sort=price-asc&color=black',
  '/products/linen-shirt',
  '/search?q=linen',
  '/search?q=zzzz',
  '/pages/faqs',
  '/policies',
  '/cart',
  '/nope',
];

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0 });
});
afterAll(() => shop.close());

describe.each(LOCALE_CODES)('pages in %s', (code) => {
  it('render with every string translated and the page language set', async () => {
    for (const path of PAGES) {
      const html = await (await shop.app.request(`${path}${path.includes('?') ? '&' : '?'}lang=${code}`)).text();
      const lang = code === 'en' ? 'en-US' : intlLocale(code);
      expect(html, path).toMatch(new RegExp(`<html lang="${lang}">`));
    }
    expect(shop.logs.filter((line) => line.includes('missing translation'))).toEqual([]);
  });
});

it('English takes the variant of the site (en-US), or the one asked for', async () => {
  expect(await (await shop.app.request('/?lang=en-GB')).text()).toContain('Basket');
  expect(await (await shop.app.request('/?lang=en')).text()).toMatch(/<html lang="en-US">/);
});
