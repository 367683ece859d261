// What a page render needs to know of its visitor: the shopper (server/shopper-context.ts, the same
// rules as API calls), whether they are on a phone, and the cookies that remember their choices.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { TOKEN_COOKIE } from '../../renderer/state/cookies';

export interface VisitorPrefs {
  locale: string;
  /** Whether the page is in the shop's base currency (no other one chosen by cookie or ?currency=). */
  baseCurrency: boolean;
  /** The locale prefix of the page's address (server/locale-addresses.ts); none for the default language. */
  localePrefix?: string;
  currency: string;
  /** Set-Cookie values for this response (never part of a cached page). */
  cookies: string[];
  /** The visitor id (sakUUID): the cookie's, or the one this response gives a new visitor; none for a crawler. */
  visitorId?: string;
  /** A crawler (server/crawler.ts): nothing personal is kept or shown. */
  crawler: boolean;
  /**
   * The `token` cookie (a customer's session), unchecked: the account pages' loaders send it to the API
   * as the `sign` header, which checks it. Only private pages read it.
   */
  customerToken?: string;
}

/** Reads what shopperContext(…, 'page') set, which gives every page visitor but a crawler an id. */
export function visitorPrefs(c: Context): VisitorPrefs {
  const shopper = c.get('shopper');
  if (!shopper) throw new Error('A page is rendered without the shopper context: mount shopperContext(…, "page") first.');
  const { locale, currency, baseCurrency, visitorId, crawler } = shopper;
  return {
    locale,
    baseCurrency: currency.code === baseCurrency.code,
    localePrefix: c.get('pageLocale')?.prefix,
    currency: currency.code,
    cookies: c.get('shopperCookies'),
    visitorId,
    crawler: crawler === true,
    customerToken: getCookie(c, TOKEN_COOKIE),
  };
}
