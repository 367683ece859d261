// Canonical addresses, language alternates and Open Graph basics for route heads.
import type { Site } from '../../schemas/generated/api';
import { localePrefixOf, withLocalePrefix } from '../i18n/locale-path';
import { intlLocale, LOCALE_CODES } from '../i18n/locales';
import type { RouterContext } from '../router-context';

type AddressContext = Pick<RouterContext, 'origin' | 'localePrefix'>;

/** The absolute address of a shop page in the language of the page shown (its locale prefix). */
export const pageAddress = (context: AddressContext, path: string) =>
  new URL(withLocalePrefix(path, context.localePrefix), context.origin).toString();

/** The canonical link of a page: its own address in its own language, without tracking or view parameters. */
export function canonicalLinks(context: AddressContext, path: string, keep: Record<string, string | number> = {}) {
  const url = new URL(pageAddress(context, path));
  for (const [key, value] of Object.entries(keep)) url.searchParams.set(key, String(value));
  return [{ rel: 'canonical', href: url.toString() }];
}

/** The absolute address of a file (an image): the same in every language. */
export const absolute = (origin: string, path: string) => new URL(path, origin).toString();

/**
 * The page in every language the shop offers (`hreflang`, Google's rules: absolute addresses, the same
 * set on every language's page so they point at each other, and `x-default` for the unprefixed one).
 */
export function languageAlternates(
  context: AddressContext,
  site: Pick<Site, 'locales' | 'defaultLocale'>,
  path: string,
  keep: Record<string, string | number> = {},
) {
  const codes = site.locales.map((l) => l.code).filter((code) => (LOCALE_CODES as readonly string[]).includes(code));
  const address = (code: string | undefined) => {
    const prefix = code === undefined || code === site.defaultLocale ? undefined : localePrefixOf(code);
    return canonicalLinks({ origin: context.origin, localePrefix: prefix }, path, keep)[0]!.href;
  };
  return [
    ...codes.map((code) => ({ rel: 'alternate', hrefLang: intlLocale(code), href: address(code) })),
    { rel: 'alternate', hrefLang: 'x-default', href: address(undefined) },
  ];
}
