// A visitor who chose a language (the sak-locale cookie, set by the language switch and by every page
// they read in a language) and arrives at an address without a locale prefix (an old link, a bookmark,
// an address the server made for a payment's return) is sent to that page's address in their language
// before anything is drawn. The server never decides this from the cookie: an address shows one page
// to everyone (server/locale-addresses.ts), so it can be cached anywhere.
import type { Site } from '../../schemas/generated/api';
import { localePrefixOf } from './locale-path';
import { PREFERENCE_MAX_AGE_S, readCookie, writeCookie } from '../state/cookies';
import { ENGLISH_VARIANTS, LOCALE_COOKIE } from './locales';

/** The prefixes of the languages the shop offers besides its default (the default is never prefixed). */
export function offeredPrefixes(site: Pick<Site, 'locales' | 'defaultLocale' | 'defaultLocaleISO'>): string[] {
  const codes = site.locales.map((l) => l.code);
  if (codes.includes('en')) codes.push(...ENGLISH_VARIANTS);
  const defaults = new Set([site.defaultLocale, site.defaultLocaleISO].map(localePrefixOf));
  return [...new Set(codes.map(localePrefixOf))].filter((prefix) => !defaults.has(prefix));
}

/** The head script (nothing when the shop has one language). */
export function localeHeadScript(site: Pick<Site, 'locales' | 'defaultLocale' | 'defaultLocaleISO'>): string | undefined {
  const prefixes = offeredPrefixes(site);
  if (!prefixes.length) return undefined;
  return [
    `(function(){var m=document.cookie.match(/(?:^|; )${LOCALE_COOKIE}=([^;]*)/),o=${JSON.stringify(prefixes)},`,
    "p=location.pathname;if(!m||o.indexOf(p.split('/')[1])>=0)return;",
    'var l=decodeURIComponent(m[1]).toLowerCase();if(o.indexOf(l)<0)return;',
    "location.replace('/'+l+(p==='/'?'':p)+location.search+location.hash)})();",
  ].join('');
}

/** Browser: the cookie follows the language of the page read (its address's), the visitor's latest choice. */
export function rememberPageLocale(locale: string): void {
  if (readCookie(LOCALE_COOKIE) !== locale) writeCookie(LOCALE_COOKIE, locale, PREFERENCE_MAX_AGE_S);
}
