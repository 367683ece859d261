// The address of a page names its language (issue 28, renderer/i18n/locale-path.ts). Routing sees every
// page's path without its locale prefix (`routingPath`, the app's getPath); this middleware, before any
// page handler, keeps the language of the address for the page and keeps addresses canonical:
// - `?lang=xx` (the language switch, and old links) answers 302 to the same page under its prefix, and
//   remembers the choice in the sak-locale cookie (not for a crawler);
// - a prefix the shop does not offer, or the default language's own, answers 301 to the address without it.
// The page's language is then its prefix's, else the shop's default: never the cookie or Accept-Language,
// so an address shows the same page to everyone (renderer/consent and locale head script send a visitor
// whose cookie says otherwise to their language's address).
import type { MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Site } from '../schemas/generated/api';
import { localeOfPrefix, localePrefixOf, splitLocalePath, withLocalePrefix } from '../renderer/i18n/locale-path';
import { englishVariant, LOCALE_COOKIE, resolveLocale } from '../renderer/i18n/locales';
import { isCrawler } from './crawler';
import { offeredLocales, remember } from './shopper-context';

declare module 'hono' {
  interface ContextVariableMap {
    /** The language of a page's address: its prefix's, else the shop's default. */
    pageLocale: { locale: string; prefix?: string };
  }
}

/** The app's routing path: a page's path without its locale prefix (API calls and files keep theirs). */
export function routingPath(request: Request): string {
  const path = getPath(request);
  return path.startsWith('/api/') ? path : splitLocalePath(path).path;
}

/** The language the shop shows without a prefix: its default locale (English as the site's variant). */
export const defaultPageLocale = (site: Site, translated: readonly string[]) =>
  englishVariant(site.defaultLocale, site.defaultLocaleISO, translated);

/** The prefix of a page in `locale`: none for the shop's default language. */
export function prefixFor(locale: string, site: Site, translated: readonly string[]): string | undefined {
  const base = site.defaultLocale;
  return locale === defaultPageLocale(site, translated) || locale === base ? undefined : localePrefixOf(locale);
}

export function localeAddresses(deps: { site: () => Promise<Site>; translated: readonly string[] }): MiddlewareHandler {
  return async (c, next) => {
    // Without the site's settings the page cannot be shown: the site guard after this answers for it.
    const site = await deps.site().catch(() => undefined);
    if (!site) return next();
    const url = new URL(c.req.url);
    const { prefix, path } = splitLocalePath(url.pathname);
    const offered = offeredLocales(site, deps.translated);
    const asked = url.searchParams.get('lang');
    if (asked !== null) {
      const locale = englishVariant(
        resolveLocale({ query: asked, browserOpen: false, supported: offered, defaultLocale: site.defaultLocale }),
        site.defaultLocaleISO,
        deps.translated,
      );
      url.searchParams.delete('lang');
      const target = withLocalePrefix(path, prefixFor(locale, site, deps.translated)) + url.search + url.hash;
      const headers = new Headers({ Location: target, 'Cache-Control': 'private, no-store' });
      if (!isCrawler(c.req.header('user-agent'))) headers.append('Set-Cookie', remember(LOCALE_COOKIE, locale));
      return new Response(null, { status: 302, headers });
    }
    if (prefix) {
      const locale = localeOfPrefix(prefix)!;
      if (!offered.includes(locale) || !prefixFor(locale, site, deps.translated)) return c.redirect(path + url.search, 301);
      c.set('pageLocale', { locale, prefix });
    } else {
      c.set('pageLocale', { locale: defaultPageLocale(site, deps.translated) });
    }
    await next();
  };
}
