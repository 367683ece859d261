// A URL per language (issue 28): a page in any language but the shop's default is addressed under a
// locale prefix (`/fr/products/linen-shirt`, `/en-gb/cart`), the default language without one. The
// router works on addresses without the prefix and writes it into every link it makes (rewrite); the
// server takes the language from the prefix alone, so an address names one page in one language, the
// same for every visitor (search engines index each language; a CDN can cache it).
import type { LocationRewrite } from '@tanstack/react-router';
import { ENGLISH_VARIANTS, LOCALE_CODES } from './locales';

/** Every locale that may be a prefix, as written in addresses (lower case: `fr`, `en-gb`). */
const PREFIXES: ReadonlySet<string> = new Set([...LOCALE_CODES, ...ENGLISH_VARIANTS].map((code) => code.toLowerCase()));

/** The prefix of a locale: its code in lower case (`en-GB` → `en-gb`). */
export const localePrefixOf = (locale: string) => locale.toLowerCase();

/** The locale code of a prefix, as the shop writes it (`en-gb` → `en-GB`), if it is one. */
export function localeOfPrefix(prefix: string): string | undefined {
  if (!PREFIXES.has(prefix)) return undefined;
  return prefix.includes('-') ? prefix.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`) : prefix;
}

/** Splits `/fr/products/x` into the prefix `fr` and the path `/products/x`; no prefix: the path as it is. */
export function splitLocalePath(pathname: string): { prefix?: string; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)(.*)$/.exec(pathname);
  if (!match || !PREFIXES.has(match[1]!)) return { path: pathname };
  return { prefix: match[1]!, path: match[2] || '/' };
}

/** The address of `path` (a shop path, with its query) in the language of `prefix` (none: the default). */
export function withLocalePrefix(path: string, prefix: string | undefined): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/api/')) return path;
  // An address already in a language (a shop path never starts with a locale code) is left as it is.
  if (splitLocalePath(path.split(/[?#]/)[0]!).prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

/** The router's rewrite for a page in the language of `prefix`: links carry it, routes never see it. */
export function localeRewrite(prefix: string | undefined): LocationRewrite | undefined {
  if (!prefix) return undefined;
  return {
    // New URLs, never the router's own changed: it reads the internal address from the one it passed.
    input: ({ url }) => {
      const { prefix: found, path } = splitLocalePath(url.pathname);
      if (found !== prefix) return undefined;
      const internal = new URL(url);
      internal.pathname = path;
      return internal;
    },
    output: ({ url }) => {
      const published = new URL(url);
      published.pathname = withLocalePrefix(url.pathname, prefix);
      return published;
    },
  };
}

/** Browser only: `path` in the language of the page shown (for a whole-page load the router does not make). */
export const localHref = (path: string) => withLocalePrefix(path, splitLocalePath(window.location.pathname).prefix);
