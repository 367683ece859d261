// No shop text in another language (issue 28): every page type, rendered in each of the 20 languages,
// shows none of the demo shop's English texts where that language has its own, nor any other language's
// (brand names and sizes excepted, fixtures/brand-names.json). What the server renders is what is read: the HTML's text and the
// attributes a person meets (alt, title, aria-label, placeholder, meta content); scripts are left out.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_NAMES, fixtureTexts, isLanguageFree } from '../../fixtures/localized-texts';
import products from '../../fixtures/products.json' with { type: 'json' };
import collections from '../../fixtures/collections.json' with { type: 'json' };
import { LOCALE_CODES } from '../../renderer/i18n/locales';
import { readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { inLanguage } from '../../test-support/server/in-language';

const FIXTURE_PAGES = [
  'about',
  'contact',
  'faqs',
  'feedback',
  'privacy-policy',
  'return-and-refund',
  'shopping-policy',
  'terms-of-service',
];
const PAGES = [
  '/',
  ...collections.map((collection) => `/collections/${collection.handle}`),
  ...products.filter((product) => product.status !== 'archived').map((product) => `/products/${product.handle}`),
  ...FIXTURE_PAGES.map((handle) => `/pages/${handle}`),
  '/search?q=a',
  '/cart',
  '/checkout/{checkout}',
  '/checkout/shipping?token={checkout}',
  '/checkout/payment?token={checkout}',
  '/funnel/summer-linen',
  '/funnel/summer-linen?pageId=checkout',
];

/**
 * The pieces of text a person meets on a page: each text node, and each attribute read aloud or shown
 * (alt, title, aria-label, placeholder, meta content); scripts and styles left out.
 */
function readableTexts(html: string): string[] {
  const attributes = [...html.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g)].map((m) => m[1]!);
  const nodes = html
    .replace(/<script\b[\s\S]*?<\/script>/g, '<>')
    .replace(/<style\b[\s\S]*?<\/style>/g, '<>')
    .split(/<[^>]*>/);
  return [...nodes, ...attributes].map((text) => decode(text).trim()).filter(Boolean);
}

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');

/** Whether the page shows `line`: a word or two as a whole piece of text (a label), a sentence anywhere. */
function shows(pieces: readonly string[], text: string, line: string): boolean {
  if (line.split(' ').length > 2) return text.includes(line);
  return pieces.some((piece) => piece === line || piece.replace(/[:.,;·]+$/, '') === line);
}

/** A text's lines as they show once Markdown is drawn: link texts, no emphasis marks, no bullets. */
const shownLines = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*?/g, '')
    .split(/\n+/)
    .map((line) => decode(line.replace(/^- /, '')).trim())
    .filter(Boolean);

/** The English texts a page in `locale` must not show: those the locale writes otherwise. */
function englishOnlyTexts(locale: string): string[] {
  const lines = new Set<string>();
  for (const { byLocale } of fixtureTexts()) {
    const en = byLocale.en!;
    if (byLocale[locale] === en || BRAND_NAMES.has(en) || isLanguageFree(en)) continue;
    const own = new Set(shownLines(byLocale[locale] ?? ''));
    for (const line of shownLines(en)) {
      if (own.has(line) || lines.has(line) || BRAND_NAMES.has(line) || isLanguageFree(line)) continue;
      lines.add(line);
    }
  }
  return [...lines];
}

/**
 * Every piece of text the fixtures draw (split where Markdown splits a paragraph into elements), with the
 * languages that write it: a piece on a page in a language that does not is another language's text.
 */
function textOwners(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const { byLocale } of fixtureTexts())
    for (const [key, value] of Object.entries(byLocale)) {
      const language = key.split('-')[0]!;
      for (const piece of value.split(/\*\*?|\[|\]\([^)]*\)|\n+(?:- )?|^- /)) {
        const shown = decode(piece).trim();
        if (shown.length < 3 || BRAND_NAMES.has(shown) || isLanguageFree(shown)) continue;
        owners.set(shown, (owners.get(shown) ?? new Set()).add(language));
      }
    }
  return owners;
}

/** Every string of the interface's messages in `locale` (locales/<locale>.json). */
function messagesOf(locale: string): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') words.add(decode(value).trim());
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')));
  return words;
}

let shop: TestShop;
const made: Record<string, string> = {};
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0 });
  // A cart with a promotion's hint and a checkout with its shipping and payment methods.
  const visitor = '0c0ffee0-0000-4000-8000-00000000b0b0';
  made.visitor = visitor;
  made.checkout = await readyCheckout(shopperOf(shop, visitor), [{ skuId: 1, quantity: 2 }], { shippingTemplateId: 1 });
  await shopperOf(shop, visitor)('POST', '/shopping-carts', { skuId: 5, quantity: 1 });
}, 60_000);
afterAll(() => shop.close());

describe.each(LOCALE_CODES.filter((code) => code !== 'en'))('every page in %s', (locale) => {
  it('shows the shop’s own texts in that language, none left in English', async () => {
    const english = englishOnlyTexts(locale);
    const owners = textOwners();
    const interfaceWords = messagesOf(locale);
    const found: string[] = [];
    for (const address of PAGES) {
      const path = address.replace(/\{(\w+)\}/g, (_, name: string) => made[name]!);
      const response = await shop.app.request(inLanguage(path, locale), {
        headers: { Cookie: `sakUUID=${made.visitor}` },
      });
      expect(response.status, path).toBe(200);
      const pieces = readableTexts(await response.text());
      const text = pieces.join(' ');
      for (const line of english) if (shows(pieces, text, line)) found.push(`${path}: “${line}”`);
      for (const piece of pieces) {
        const languages = owners.get(piece);
        // A word the interface itself says in this language ("Betaling" is Dutch too) is this language's.
        if (languages && !languages.has(locale) && !interfaceWords.has(piece))
          found.push(`${path}: “${piece}” (${[...languages].join(', ')})`);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
