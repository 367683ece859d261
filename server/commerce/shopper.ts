// Who is asking, and how answers are shown to them: worked out once per request, by the same rules for
// pages and API calls (server/shopper-context.ts), and handed to the domain as one value. The signed-in
// customer joins it with the customer accounts.
import type { Currency } from './pricing/currency';

export interface Shopper {
  /** The language texts are answered in: one the shop offers. */
  locale: string;
  /** The currency prices are shown in. */
  currency: Currency;
  /** The currency prices are stored in (the shop's first). */
  baseCurrency: Currency;
  /** The visitor id (the sakUUID cookie, or the customerUUID header of an API call), when there is one. */
  visitorId?: string;
}

/** The same shopper with prices in the base currency (a minimum spend, a refund, a total to compare). */
export const inBaseCurrency = (shopper: Shopper): Shopper => ({ ...shopper, currency: shopper.baseCurrency });
