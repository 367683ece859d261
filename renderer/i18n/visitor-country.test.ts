import { describe, expect, it } from 'vitest';
import { offeredCountry, visitorCountry } from './visitor-country';

describe('the visitor’s country (issue 23: not the first of the list)', () => {
  it('comes from the locale’s region, else the browser’s languages of that language, else the language', () => {
    expect(visitorCountry('en-GB')).toBe('GB');
    expect(visitorCountry('en')).toBe('US');
    expect(visitorCountry('de')).toBe('DE');
    expect(visitorCountry('el')).toBe('GR');
    expect(visitorCountry('de', ['de-AT', 'de;q=0.9', 'en-US;q=0.8'])).toBe('AT');
    expect(visitorCountry('en', ['fr-FR', 'en-CA;q=0.8'])).toBe('CA');
    expect(visitorCountry('nl', ['en-US'])).toBe('NL');
  });

  it('is an address the shopper saved, when there is one', () => {
    expect(visitorCountry('de', ['de-DE'], 'FR')).toBe('FR');
  });

  it('is chosen only when the shop ships there, never replaced by the first country of the list', () => {
    const countries = [{ code: 'AU' }, { code: 'DE' }, { code: 'US' }];
    expect(offeredCountry('DE', countries)).toBe('DE');
    expect(offeredCountry('BR', countries)).toBe('');
  });
});
