import { describe, expect, it } from 'vitest';
import { resolveLocale, type LocaleFacts } from './locales';

const facts = (over: Partial<LocaleFacts>): LocaleFacts => ({
  browserOpen: false,
  supported: ['en', 'fr', 'de'],
  defaultLocale: 'en',
  ...over,
});

describe('resolveLocale (spec section 4)', () => {
  it('takes ?lang= first, then the sak-locale cookie, then the default', () => {
    expect(resolveLocale(facts({ query: 'de', cookie: 'fr' }))).toBe('de');
    expect(resolveLocale(facts({ cookie: 'fr' }))).toBe('fr');
    expect(resolveLocale(facts({}))).toBe('en');
  });

  it('skips what the shop does not offer', () => {
    expect(resolveLocale(facts({ query: 'xx', cookie: 'fr' }))).toBe('fr');
    expect(resolveLocale(facts({ query: 'xx', cookie: 'yy' }))).toBe('en');
  });

  it('matches a regional tag to its language', () => {
    expect(resolveLocale(facts({ query: 'fr-CA' }))).toBe('fr');
  });

  it('uses the browser language only when the site allows it and offers it', () => {
    const acceptLanguage = 'nl;q=0.9, de;q=0.8, fr;q=0.5';
    expect(resolveLocale(facts({ acceptLanguage }))).toBe('en');
    expect(resolveLocale(facts({ acceptLanguage, browserOpen: true }))).toBe('de');
    expect(resolveLocale(facts({ acceptLanguage: 'ja', browserOpen: true }))).toBe('en');
  });

  it('falls back to an offered locale when the default is not offered', () => {
    expect(resolveLocale(facts({ defaultLocale: 'sv' }))).toBe('en');
  });
});
