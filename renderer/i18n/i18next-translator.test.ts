import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createI18nextTranslator } from './i18next-translator';

const messages = (code: string) => JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8'));

describe('translating with i18next', () => {
  it('uses the plural rules of each language', () => {
    expect(createI18nextTranslator('en', messages('en')).t('collection.count', { count: 1 })).toBe('1 product');
    expect(createI18nextTranslator('pl', messages('pl')).t('listing.count', { count: 5 })).toMatch(/^5 produktów/);
    expect(createI18nextTranslator('pl', messages('pl')).t('listing.count', { count: 2 })).toMatch(/^2 produkty/);
  });

  it('knows that the shop code cn is Chinese (one plural form)', () => {
    const zh = createI18nextTranslator('cn', messages('cn'));
    expect(zh.locale).toBe('cn');
    expect(zh.t('reviews.count', { count: 1 })).not.toBe('reviews.count');
    expect(zh.t('reviews.count', { count: 1 })).toContain('1');
  });

  it('reports a missing key', () => {
    const missing: string[] = [];
    createI18nextTranslator('en', messages('en'), (key) => missing.push(key)).t('no.such.key');
    expect(missing).toEqual(['no.such.key']);
  });
});
