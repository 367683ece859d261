// The price of a checkout as it stands: its lines with the promotions, its discount code (when still
// usable), the chosen way of shipping (priced for the destination and the spend after discounts, in the
// base currency), shipping insurance and tip. Reading a checkout and placing its order both price it here,
// so the order costs exactly what the page showed.
import type { Db } from '../../db/connect';
import type { checkouts } from '../../db/checkout-schema';
import type { ShippingBasis } from '../../db/order-schema';
import { couponRule, usableCoupon } from '../cart/coupons';
import { priceRows } from '../cart/price-items';
import { priceRowsOf, skuDetails, type SkuDetails } from '../catalog/sku-details';
import type { Promotions } from '../catalog/promotions';
import type { Currency } from '../pricing/currency';
import { inBaseCurrency, type Shopper } from '../shopper';
import { chosenShipping, parcelGrams, shippingOptions, type ShippingOption } from '../pricing/shipping';
import type { Reference } from '../reference';

export type CheckoutRow = typeof checkouts.$inferSelect;

/** Reads the details of some SKUs (a kept read for a page shown; placing an order reads the database). */
export type SkuDetailsReader = (db: Db, skuIds: number[], locale: string) => Promise<Map<number, SkuDetails>>;

/** A SKU's weight in grams; a SKU not read is a fault (its weight would price the parcel). */
const weightOf = (details: Map<number, SkuDetails>) => (skuId: number) => {
  const sku = details.get(skuId);
  if (!sku) throw new Error(`SKU ${skuId} was not read: its weight is unknown.`);
  return sku.weight;
};

export async function priceCheckout(
  db: Db,
  deps: { promotions: Promotions; reference: Reference; details?: SkuDetailsReader },
  row: CheckoutRow,
  shopper: Shopper,
) {
  const { locale } = shopper;
  const [settings, coupon, details] = await Promise.all([
    deps.reference.checkout(),
    row.couponCode ? usableCoupon(db, row.couponCode) : null,
    (deps.details ?? skuDetails)(
      db,
      row.lines.map((l) => l.skuId),
      locale,
    ),
  ]);
  const rows = priceRowsOf(details);
  const extras = {
    coupon: coupon ? couponRule(coupon) : null,
    insurancePercent: row.insurance && settings.shippingInsurance.enabled ? settings.shippingInsurance.percentage : null,
    tip: Math.min(row.tip, settings.tip.max),
  };
  // Shipping is priced on the spend after discounts, in the base currency. A way chosen for an earlier
  // address that does not serve this one (another province's, a country no longer served) is no choice:
  // the checkout asks for one again and cannot be ordered (checkReady), never priced 0.
  let shipping: ShippingOption | null = null;
  let shippingBasis: ShippingBasis | null = null;
  if (row.shippingTemplateId !== null && row.shippingAddress) {
    const spendBase = (await priceRows(rows, deps.promotions, row.lines, inBaseCurrency(shopper), { coupon: extras.coupon }))
      .total.subtotalPrice;
    const grams = parcelGrams(row.lines, weightOf(details));
    shipping = chosenShipping(
      settings.shippingTemplates,
      { country: row.shippingAddress.country, province: row.shippingAddress.province },
      spendBase,
      grams,
      row.shippingTemplateId,
    );
    if (shipping) shippingBasis = { spendBase, grams, priceBase: shipping.price };
  }
  const priced = await priceRows(rows, deps.promotions, row.lines, shopper, {
    ...extras,
    shipping: shipping?.price,
  });
  return { priced, coupon, shipping, shippingBasis, details };
}

/**
 * The ways of shipping some lines to a destination, priced for their spend after discounts (base
 * currency) and their weight: a checkout's own (buy now may not be the cart), or a cart's.
 */
export async function shippingFor(
  db: Db,
  deps: { promotions: Promotions; reference: Reference; details?: SkuDetailsReader },
  lines: CheckoutRow['lines'],
  coupon: string | null,
  destination: { country: string; province?: string },
  locale: string,
  base: Currency,
) {
  const [settings, usable, details] = await Promise.all([
    deps.reference.checkout(),
    coupon ? usableCoupon(db, coupon) : null,
    (deps.details ?? skuDetails)(
      db,
      lines.map((l) => l.skuId),
      locale,
    ),
  ]);
  const spend = lines.length
    ? (
        await priceRows(
          priceRowsOf(details),
          deps.promotions,
          lines,
          { locale, currency: base, baseCurrency: base },
          {
            coupon: usable ? couponRule(usable) : null,
          },
        )
      ).total.subtotalPrice
    : 0;
  return shippingOptions(settings.shippingTemplates, destination, spend, parcelGrams(lines, weightOf(details)));
}
