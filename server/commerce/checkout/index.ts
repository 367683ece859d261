// Checkouts: one operation per file (start, update, read), composed here for the API. Placing the order
// comes next.
import type { CheckoutUpdate } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { Promotions } from '../catalog/promotions';
import type { Currency } from '../pricing/currency';
import type { Reference } from '../reference';
import { readCheckout } from './read-checkout';
import { startCheckout } from './start-checkout';
import { updateCheckout } from './update-checkout';

export function createCheckouts(db: Db, deps: { promotions: Promotions; reference: Reference }) {
  return {
    start: (visitorId: string, buyNow: { skuId: number; quantity: number } | undefined, base: Currency) =>
      startCheckout(db, deps.promotions, visitorId, buyNow, base),
    /** Saves what the shopper told (checked field by field) and answers the checkout priced anew. */
    async update(update: CheckoutUpdate, locale: string, currency: Currency, base: Currency) {
      await updateCheckout(db, deps.reference, update.token, update);
      return readCheckout(db, deps, update.token, locale, currency, base);
    },
    get: (token: string, locale: string, currency: Currency, base: Currency) =>
      readCheckout(db, deps, token, locale, currency, base),
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
