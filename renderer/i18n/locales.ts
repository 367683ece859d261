// The interface languages of spec section 1, and how a request's locale is chosen.

export const LOCALE_CODES = [
  'fr',
  'cn',
  'de',
  'en',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'el',
  'ro',
  'cs',
  'sk',
  'pt',
  'pl',
  'hu',
  'lv',
  'lt',
  'et',
  'es',
] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** Spec section 1: English has variants chosen by GB or US locale. */
export const ENGLISH_VARIANTS = ['en-GB', 'en-US'] as const;

/**
 * The English a visitor reads: a variant asked for as such, else the one of the site's locale
 * (defaultLocaleISO, e.g. en-US), when that variant is translated.
 */
export function englishVariant(locale: string, siteLocaleIso: string, translated: readonly string[]): string {
  if (locale !== 'en') return locale;
  const variant = ENGLISH_VARIANTS.find((v) => v.toLowerCase() === siteLocaleIso.toLowerCase());
  return variant && translated.includes(variant) ? variant : locale;
}

/** Cookie that remembers the chosen locale (spec section 9). */
export const LOCALE_COOKIE = 'sak-locale';

export interface LocaleFacts {
  /** ?lang= of the request. */
  query?: string | null;
  /** The sak-locale cookie. */
  cookie?: string | null;
  /** The Accept-Language header, used only when the site allows browser languages. */
  acceptLanguage?: string | null;
  browserOpen: boolean;
  /** Locales the shop offers (site.locales ∩ translated). */
  supported: readonly string[];
  defaultLocale: string;
}

function match(candidate: string | null | undefined, supported: readonly string[]): string | undefined {
  if (!candidate) return undefined;
  const wanted = candidate.trim();
  const exact = supported.find((s) => s.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const base = wanted.split(/[-_]/)[0]!.toLowerCase();
  return supported.find((s) => s.toLowerCase() === base);
}

/** Spec section 4: ?lang=, then the sak-locale cookie, then (when allowed) the browser's language, else the default. */
export function resolveLocale(facts: LocaleFacts): string {
  const fromQuery = match(facts.query, facts.supported);
  if (fromQuery) return fromQuery;
  const fromCookie = match(facts.cookie, facts.supported);
  if (fromCookie) return fromCookie;
  if (facts.browserOpen && facts.acceptLanguage) {
    const preferred = facts.acceptLanguage
      .split(',')
      .map((part) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
        return { tag: tag!, q: q ? Number(q) : 1 };
      })
      .filter((entry) => entry.tag && entry.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of preferred) {
      const found = match(tag, facts.supported);
      if (found) return found;
    }
  }
  return match(facts.defaultLocale, facts.supported) ?? facts.supported[0] ?? 'en';
}

/** BCP 47 tag for a shop locale code (`cn` is the spec's code for Chinese). */
export function intlLocale(locale: string): string {
  return locale === 'cn' ? 'zh-CN' : locale;
}
