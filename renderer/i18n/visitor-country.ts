// The visitor's country, the same everywhere on a page (the checkout's address form, the delivery-time
// tip, the shipping it prices): an address the shopper saved, else the region of their language (the
// locale's own, en-GB: GB; else the first of the browser's languages, its Accept-Language, of that
// language with a region, de-AT: AT), else the country of the language (de: DE). Never the first country
// of a list (Australia, alphabetically).

/** The country a language is most spoken in, for a language without a region. */
const LANGUAGE_COUNTRY: Record<string, string> = {
  en: 'US',
  fr: 'FR',
  cn: 'CN',
  zh: 'CN',
  de: 'DE',
  nl: 'NL',
  sv: 'SE',
  da: 'DK',
  nb: 'NO',
  fi: 'FI',
  el: 'GR',
  ro: 'RO',
  cs: 'CZ',
  sk: 'SK',
  pt: 'PT',
  pl: 'PL',
  hu: 'HU',
  lv: 'LV',
  lt: 'LT',
  et: 'EE',
  es: 'ES',
  it: 'IT',
  ja: 'JP',
};

const REGION = /^[A-Za-z]{2}$/;

/**
 * The visitor's country from their locale and, when the locale names none, the browser's languages
 * (Accept-Language order: `navigator.languages`, or the header split on commas).
 */
export function visitorCountry(locale: string, languages: readonly string[] = [], saved?: string | null): string {
  if (saved) return saved;
  const [language = '', region] = locale.split('-');
  if (region && REGION.test(region)) return region.toUpperCase();
  for (const entry of languages) {
    const [lang = '', reg] = entry.split(';')[0]!.trim().split('-');
    if (lang.toLowerCase() === language.toLowerCase() && reg && REGION.test(reg)) return reg.toUpperCase();
  }
  return LANGUAGE_COUNTRY[language.toLowerCase()] ?? 'US';
}

/** `country` when the list has it, else none chosen (the shopper picks: never a guess out of the list). */
export const offeredCountry = (country: string, offered: readonly { code: string }[]): string =>
  offered.some((c) => c.code === country) ? country : '';

/** The browser's languages (its Accept-Language); none on the server. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
