// Who is asking, and how answers are shown to them: worked out once per request, by the same rules for
// pages and API calls (server/shopper-context.ts), and handed to the domain as one value, with the
// signed-in customer when there is one.
import type { Currency } from './pricing/currency';

/** The signed-in customer of an API call (a live session of the `token` cookie or the `sign` header). */
export interface SignedInCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The session the call was made in (ended on sign-out; kept when the others are ended). */
  sessionId: number;
  /** How the session came: the cookie (a browser: state-changing calls must come from the shop's origin) or the header. */
  via: 'cookie' | 'sign';
}

export interface Shopper {
  /** The language texts are answered in: one the shop offers. */
  locale: string;
  /** The currency prices are shown in. */
  currency: Currency;
  /** The currency prices are stored in (the shop's first). */
  baseCurrency: Currency;
  /** The visitor id (the sakUUID cookie, or the customerUUID header of an API call), when there is one. */
  visitorId?: string;
  /** The signed-in customer (API calls only: a page's renderer asks the API, which checks the session). */
  customer?: SignedInCustomer;
  /**
   * A crawler (told from the user agent, server/crawler.ts): nothing is kept for it. A page's crawler has
   * no visitor id (no cookie, nothing personal); an API call of one changes no cart.
   */
  crawler?: true;
}

/** The same shopper with prices in the base currency (a minimum spend, a refund, a total to compare). */
export const inBaseCurrency = (shopper: Shopper): Shopper => ({ ...shopper, currency: shopper.baseCurrency });
