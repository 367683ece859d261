// Checkouts: one operation per file (start, read), composed here for the API. Updating what the shopper
// tells (contact, addresses, shipping, insurance, tip) and placing the order come next.
import type { Db } from '../../db/connect';
import type { Promotions } from '../catalog/promotions';
import type { Currency } from '../pricing/currency';
import type { Reference } from '../reference';
import { readCheckout } from './read-checkout';
import { startCheckout } from './start-checkout';

export function createCheckouts(db: Db, deps: { promotions: Promotions; reference: Reference }) {
  return {
    start: (visitorId: string, buyNow: { skuId: number; quantity: number } | undefined, base: Currency) =>
      startCheckout(db, deps.promotions, visitorId, buyNow, base),
    get: (token: string, locale: string, currency: Currency, base: Currency) =>
      readCheckout(db, deps, token, locale, currency, base),
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
