// What a page request says about the visitor: language, currency, visitor id and phone or not, from the
// query (?lang=, ?currency=), the cookies (sak-locale, currency, sakUUID) and the headers; and the
// cookies to set so the choices are remembered (spec sections 3, 4 and 9).
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { Site } from '../../schemas/generated/api';
import { ENGLISH_VARIANTS, englishVariant, LOCALE_COOKIE, resolveLocale } from '../../renderer/i18n/locales';
import { CURRENCY_COOKIE, VISITOR_COOKIE } from '../../renderer/state/cookies';
import { isMobileAgent } from '../../renderer/state/device';

/** Spec section 9: visitor and preference cookies last 31536000 s. */
export const ONE_YEAR_S = 31_536_000;

export interface VisitorPrefs {
  locale: string;
  currency: string;
  mobile: boolean;
  /** Set-Cookie values for this response (never part of a cached page). */
  cookies: string[];
  /** The visitor id (sakUUID): the cookie's, or the one this response gives a new visitor. */
  visitorId: string;
}

/** The locales a visitor may pick: those the site offers that are translated (English with its variants). */
export function offeredLocales(site: Site, translated: readonly string[]): string[] {
  const offered = site.locales.map((l) => l.code).filter((code) => translated.includes(code));
  if (offered.includes('en')) offered.push(...ENGLISH_VARIANTS.filter((v) => translated.includes(v)));
  return offered.length ? offered : ['en'];
}

const remember = (name: string, value: string) => serialize(name, value, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'Lax' });

export function visitorPrefs(c: Context, site: Site, translated: readonly string[]): VisitorPrefs {
  const url = new URL(c.req.url);
  const cookies: string[] = [];
  const asked = resolveLocale({
    query: url.searchParams.get('lang'),
    cookie: getCookie(c, LOCALE_COOKIE),
    acceptLanguage: c.req.header('accept-language'),
    browserOpen: site.siteLanguageSetting.browserOpen,
    supported: offeredLocales(site, translated),
    defaultLocale: site.defaultLocale,
  });
  const locale = englishVariant(asked, site.defaultLocaleISO, translated);
  if (url.searchParams.has('lang')) cookies.push(remember(LOCALE_COOKIE, asked));

  const offered = site.currencies.map((cur) => cur.code);
  const askedCurrency = url.searchParams.get('currency')?.toUpperCase();
  const fromCookie = getCookie(c, CURRENCY_COOKIE)?.toUpperCase();
  const currency = [askedCurrency, fromCookie].find((code) => code && offered.includes(code)) ?? offered[0] ?? site.currency.code;
  if (askedCurrency && offered.includes(askedCurrency)) cookies.push(remember(CURRENCY_COOKIE, currency));

  let visitorId = getCookie(c, VISITOR_COOKIE);
  if (!visitorId) {
    visitorId = randomUUID();
    cookies.push(remember(VISITOR_COOKIE, visitorId));
  }
  return { locale, currency, mobile: isMobileAgent(c.req.header('user-agent')), cookies, visitorId };
}
