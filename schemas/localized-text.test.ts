import { describe, expect, it } from 'vitest';
import { localize } from './localized-text';

describe('localize (spec: English is the fallback)', () => {
  const text = { en: 'Linen shirt', fr: 'Chemise en lin', 'en-GB': 'Linen shirt (UK)' };

  it('gives the text of the locale, of its language, else English', () => {
    expect(localize(text, 'fr')).toBe('Chemise en lin');
    expect(localize(text, 'fr-CA')).toBe('Chemise en lin');
    expect(localize(text, 'en-GB')).toBe('Linen shirt (UK)');
    expect(localize(text, 'en-US')).toBe('Linen shirt');
    expect(localize(text, 'de')).toBe('Linen shirt');
  });

  it('takes any text there is when not even English is given, and nothing for nothing', () => {
    expect(localize({ fr: 'Seulement en français' }, 'de')).toBe('Seulement en français');
    expect(localize('Same in every language', 'pl')).toBe('Same in every language');
    expect(localize(undefined, 'en')).toBe('');
    expect(localize(null, 'en')).toBe('');
  });
});
