// A checkout as its pages show it (spec section 7: GET api/multicurrency/general/checkout/{token}): what
// is bought, priced anew with the promotions, the coupon, the chosen shipping (for the destination and
// the spend), shipping insurance and tip; and what the shopper told so far. 5009 for a token that names
// no checkout.
import { eq } from 'drizzle-orm';
import type { Checkout } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { checkouts } from '../../db/schema';
import { couponRule, usableCoupon } from '../cart/coupons';
import { priceItems } from '../cart/price-items';
import type { Promotions } from '../catalog/promotions';
import { ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { shippingOptions } from '../pricing/shipping';
import type { Reference } from '../reference';

export async function readCheckout(
  db: Db,
  deps: { promotions: Promotions; reference: Reference },
  token: string,
  locale: string,
  currency: Currency,
  base: Currency,
): Promise<Checkout> {
  const [row] = /^[0-9a-f]{32}$/.test(token) ? await db.select().from(checkouts).where(eq(checkouts.token, token)) : [];
  if (!row) throw new ShopError('tokenNotFound', 'There is no checkout with this token.');
  const settings = await deps.reference.checkout();
  const coupon = row.couponCode ? await usableCoupon(db, row.couponCode) : null;
  const extras = {
    coupon: coupon ? couponRule(coupon) : null,
    insurancePercent: row.insurance && settings.shippingInsurance.enabled ? settings.shippingInsurance.percentage : null,
    tip: Math.min(row.tip, settings.tip.max),
  };
  // Shipping is priced on the spend after discounts, in the base currency.
  let shipping = 0;
  if (row.shippingTemplateId !== null && row.shippingAddress) {
    const spend = (await priceItems(db, deps.promotions, row.lines, locale, base, base, { coupon: extras.coupon })).total
      .subtotalPrice;
    const options = shippingOptions(
      settings.shippingTemplates,
      { country: row.shippingAddress.country, province: row.shippingAddress.province },
      spend,
    );
    shipping = options.find((o) => o.id === row.shippingTemplateId)?.price ?? 0;
  }
  const priced = await priceItems(db, deps.promotions, row.lines, locale, currency, base, { ...extras, shipping });
  return {
    token: row.token,
    status: row.status,
    buyNow: row.buyNow,
    lines: priced.lines,
    totals: {
      ...priced.totals,
      shippingInsurancePrice: { amount: priced.total.shippingInsurancePrice, currencyCode: currency.code },
      tipPrice: { amount: priced.total.tipPrice, currencyCode: currency.code },
    },
    email: row.email,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    tip: row.tip,
    acceptsMarketing: row.acceptsMarketing,
    asShippingAddress: row.asShippingAddress,
    shippingTemplateId: row.shippingTemplateId,
    insurance: row.insurance,
    coupon: row.couponCode ? { code: row.couponCode, applied: priced.total.couponApplied } : null,
  };
}
