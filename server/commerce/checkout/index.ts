// Checkouts: one operation per file (start, update, read, discount code), composed here for the API.
// Placing and paying the order is server/commerce/orders.
import type { CheckoutUpdate } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { Promotions } from '../catalog/promotions';
import type { Currency } from '../pricing/currency';
import type { Shopper } from '../shopper';
import type { Reference } from '../reference';
import type { CacheGroup } from '../cache';
import { skuDetails, type SkuDetails } from '../catalog/sku-details';
import { minimumNotMet } from '../cart/coupons';
import { applyCheckoutCoupon, removeCheckoutCoupon } from './checkout-coupon';
import { findCheckout } from './find-checkout';
import { shippingFor, type CheckoutRow, type SkuDetailsReader } from './price-checkout';
import { readCheckout } from './read-checkout';
import { startCheckout } from './start-checkout';
import { updateCheckout } from './update-checkout';

export function createCheckouts(
  db: Db,
  shown: {
    promotions: Promotions;
    reference: Reference;
    caches: CacheGroup;
    /** Told when a checkout gets its first contact or way of shipping (the funnel's pixel events). */
    onFirst?: (what: 'contact' | 'shipping', row: CheckoutRow) => Promise<void>;
  },
) {
  // A checkout shown (read, saved, its code put on or taken off) and the ways of shipping it offers are
  // priced from the SKUs' details kept a moment, like the product pages it came from (cleared with every
  // cache of the shop when it changes): one statement fewer on every checkout page. Placing the order reads them from the database
  // (server/commerce/orders/place-order.ts), so the order costs what the shop asks at that moment.
  const keptDetails = shown.caches.readThrough<Map<number, SkuDetails>>({ max: 2000 });
  const deps = {
    ...shown,
    details: ((db, skuIds, locale) => {
      const ids = [...new Set(skuIds)].sort((a, b) => a - b);
      return keptDetails.get(`${locale}:${ids.join(',')}`, () => skuDetails(db, ids, locale));
    }) satisfies SkuDetailsReader,
  };
  return {
    start: (
      visitorId: string,
      buyNow: { skuId: number; quantity: number } | undefined,
      base: Currency,
      seen: { locale: string; currencyCode: string },
      prefill?: Parameters<typeof startCheckout>[6],
    ) => startCheckout(db, deps.promotions, visitorId, buyNow, base, seen, prefill),
    /** Saves what the shopper told (checked field by field) and answers the checkout priced anew. */
    async update(update: CheckoutUpdate, shopper: Shopper) {
      const { saved, couponRemoved } = await updateCheckout(
        db,
        deps.reference,
        update.token,
        update,
        { locale: shopper.locale, currencyCode: shopper.currency.code },
        deps.onFirst,
      );
      const checkout = await readCheckout(db, deps, saved, shopper);
      return couponRemoved ? { ...checkout, couponRemoved } : checkout;
    },
    get: (token: string, shopper: Shopper) => readCheckout(db, deps, token, shopper),
    /** The funnel a checkout belongs to (null: the shop's own checkout); 5009 for no checkout. */
    funnelOf: async (token: string) => (await findCheckout(db, token)).funnelId,
    /** The ways of shipping a checkout's lines (or, without a token, some cart lines) to a destination. */
    async shippingOptions(
      from: { checkoutToken: string } | { lines: CheckoutRow['lines']; coupon: string | null },
      destination: { country: string; province?: string },
      locale: string,
      base: Currency,
    ) {
      let lines: CheckoutRow['lines'];
      let coupon: string | null;
      if ('checkoutToken' in from) {
        ({ lines, couponCode: coupon } = await findCheckout(db, from.checkoutToken));
      } else {
        ({ lines, coupon } = from);
      }
      return shippingFor(db, deps, lines, coupon, destination, locale, base);
    },
    /** Puts a discount code on the checkout and answers it priced; 5005 (code left off) below its minimum spend. */
    async applyCoupon(token: string, code: string, shopper: Shopper) {
      const coupon = await applyCheckoutCoupon(db, token, code);
      const checkout = await readCheckout(db, deps, token, shopper);
      if (!checkout.coupon?.applied) {
        await removeCheckoutCoupon(db, token);
        throw minimumNotMet(coupon, shopper.currency, shopper.baseCurrency);
      }
      return checkout;
    },
    async removeCoupon(token: string, shopper: Shopper) {
      await removeCheckoutCoupon(db, token);
      return readCheckout(db, deps, token, shopper);
    },
  };
}

export type Checkouts = ReturnType<typeof createCheckouts>;
