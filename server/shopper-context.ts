// Who is asking, worked out once per request by one set of rules for pages and API calls (spec
// sections 3, 4, 7 and 9), and set on the context as one `Shopper` value (server/commerce/shopper.ts):
//
// - language: a page's is its address's (server/locale-addresses.ts); a call's is `?lang=`, else the
//   `language` header (API clients), else the sak-locale cookie, else the browser's Accept-Language when
//   the site allows it, else the site's default; always one the site offers and is translated, English as
//   the site's variant (en-GB, en-US);
// - currency: `?currencyCode=` (the API's spelling) or `?currency=` (a page link's), else the currency
//   cookie, else the base currency; an API call naming one the shop does not offer is refused (8001),
//   a page asked for one falls back (a shopper typing an address gets a page, not an error);
// - visitor: the `customerUUID` header (API clients), else the sakUUID cookie; only a UUID is taken.
//   A page's visitor without one is given a new id.
// - crawler: the user agent names one (server/crawler.ts). A page's crawler is given no visitor id and no
//   cookie (nothing personal is kept or shown); an API call of one reads but changes no cart.
// - customer (API calls): the session of the `sign` header (API clients), else of the HttpOnly `token`
//   cookie (browsers). A state-changing call that carries the cookie must come from the shop's own origin
//   (its Origin header): another site cannot act for a signed-in customer (CSRF), whatever SameSite does.
//
// A page remembers an explicit choice (and a new visitor id) in cookies, read by `shopperCookies(c)`;
// an API call never sets cookies.
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { Site } from '../schemas/generated/api';
import { ENGLISH_VARIANTS, englishVariant, LOCALE_COOKIE, resolveLocale } from '../renderer/i18n/locales';
import { CURRENCY_COOKIE, PREFERENCE_MAX_AGE_S, TOKEN_COOKIE, VISITOR_COOKIE } from '../renderer/state/cookies';
import type { Commerce } from './commerce';
import type { Currency } from './commerce/pricing/currency';
import { ShopError } from './commerce/errors';
import { isCrawler } from './crawler';
import type { Shopper, SignedInCustomer } from './commerce/shopper';

declare module 'hono' {
  interface ContextVariableMap {
    shopper: Shopper;
    /** Set-Cookie values that remember a page visitor's choices (never part of a cached page). */
    shopperCookies: string[];
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The locales a visitor may pick: those the site offers that are translated (English with its variants). */
export function offeredLocales(site: Site, translated: readonly string[]): string[] {
  const offered = site.locales.map((l) => l.code).filter((code) => translated.includes(code));
  if (offered.includes('en')) offered.push(...ENGLISH_VARIANTS.filter((v) => translated.includes(v)));
  return offered.length ? offered : ['en'];
}

/** The Set-Cookie value that remembers a page visitor's choice (spec section 9: a year). */
export const remember = (name: string, value: string) =>
  serialize(name, value, { path: '/', maxAge: PREFERENCE_MAX_AGE_S, sameSite: 'Lax' });

export interface ShopperRules {
  commerce: Pick<Commerce, 'site' | 'pricing' | 'customers'>;
  /** The shop's public origin (https://shop.example): where a browser's signed-in calls must come from. */
  origin: string;
  /** The locales the interface is translated into. */
  translated: readonly string[];
}

/** `kind`: a page (choices remembered in cookies, a new visitor given an id) or an API call. */
export function shopperContext({ commerce, translated, origin }: ShopperRules, kind: 'page' | 'api'): MiddlewareHandler {
  return async (c, next) => {
    const site = await commerce.site.get();
    const query = new URL(c.req.url).searchParams;
    const cookies: string[] = [];
    const crawler = isCrawler(c.req.header('user-agent'));
    // A crawler keeps no cookie: remembering its choices would only make pages it cannot share.
    const remembers = kind === 'page' && !crawler;

    // A page's language is its address's (server/locale-addresses.ts); a call's is asked for.
    const pageLocale = kind === 'page' ? c.get('pageLocale')?.locale : undefined;
    const locale =
      pageLocale ??
      englishVariant(
        resolveLocale({
          query: query.get('lang') ?? c.req.header('language'),
          cookie: getCookie(c, LOCALE_COOKIE),
          acceptLanguage: c.req.header('accept-language'),
          browserOpen: site.siteLanguageSetting.browserOpen,
          supported: offeredLocales(site, translated),
          defaultLocale: site.defaultLocale,
        }),
        site.defaultLocaleISO,
        translated,
      );

    const { currency, baseCurrency, asked } = await currencyOf(c, query, commerce, kind);
    if (remembers && asked) cookies.push(remember(CURRENCY_COOKIE, currency.code));

    const given = c.req.header('customerUUID') ?? getCookie(c, VISITOR_COOKIE);
    let visitorId = given && UUID.test(given) && !(crawler && kind === 'page') ? given.toLowerCase() : undefined;
    if (!visitorId && remembers) {
      visitorId = randomUUID();
      cookies.push(remember(VISITOR_COOKIE, visitorId));
    }

    const customer = kind === 'api' ? await customerOf(c, commerce, origin) : undefined;
    c.set('shopper', { locale, currency, baseCurrency, visitorId, ...(customer && { customer }), ...(crawler && { crawler }) });
    c.set('shopperCookies', cookies);
    await next();
  };
}

async function currencyOf(
  c: Context,
  query: URLSearchParams,
  commerce: ShopperRules['commerce'],
  kind: 'page' | 'api',
): Promise<{ currency: Currency; baseCurrency: Currency; asked: boolean }> {
  const asked = query.get('currencyCode') ?? query.get('currency');
  if (asked && kind === 'api') {
    const { currency, base } = await commerce.pricing.currency(asked);
    return { currency, baseCurrency: base, asked: true };
  }
  for (const code of [asked, getCookie(c, CURRENCY_COOKIE)]) {
    if (!code) continue;
    const found = await commerce.pricing.currency(code).catch(() => undefined);
    if (found) return { currency: found.currency, baseCurrency: found.base, asked: code === asked };
  }
  const { currency, base } = await commerce.pricing.currency();
  return { currency, baseCurrency: base, asked: false };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a browser's call comes from the shop's own pages (its Origin header, sent on every POST, PUT, DELETE). */
export const fromShopOrigin = (c: Context, origin: string): boolean => c.req.header('origin') === origin;

async function customerOf(c: Context, commerce: ShopperRules['commerce'], origin: string): Promise<SignedInCustomer | undefined> {
  const sign = c.req.header('sign');
  const token = sign || getCookie(c, TOKEN_COOKIE);
  if (!token) return undefined;
  const via = sign ? 'sign' : 'cookie';
  if (via === 'cookie' && !SAFE_METHODS.has(c.req.method) && !fromShopOrigin(c, origin)) {
    throw new ShopError('forbidden', 'This request was sent from another site: it is refused for a signed-in customer.');
  }
  const found = await commerce.customers.sessions.find(token);
  if (!found) return undefined;
  const { customer, session } = found;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    sessionId: session.id,
    via,
  };
}
