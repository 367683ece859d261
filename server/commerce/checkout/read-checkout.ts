// A checkout as its pages show it (spec section 7: GET api/multicurrency/general/checkout/{token}): what
// is bought, priced anew with the promotions, the coupon, the chosen shipping (for the destination and
// the spend), shipping insurance and tip; and what the shopper told so far. 5009 for a token that names
// no checkout.
import { eq } from 'drizzle-orm';
import type { Checkout } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { localize } from '../../../schemas/localized-text';
import { orders } from '../../db/order-schema';
import type { Promotions } from '../catalog/promotions';
import type { Shopper } from '../shopper';
import type { Reference } from '../reference';
import { checkoutTotals } from '../cart/read-cart';
import { findCheckout } from './find-checkout';
import { priceCheckout, type CheckoutRow, type SkuDetailsReader } from './price-checkout';

export async function readCheckout(
  db: Db,
  deps: { promotions: Promotions; reference: Reference; details?: SkuDetailsReader },
  /** The checkout's token, or its row when the caller has just written it. */
  token: string | CheckoutRow,
  shopper: Shopper,
): Promise<Checkout> {
  const row = typeof token === 'string' ? await findCheckout(db, token) : token;
  const [{ priced, shipping, details }, order] = await Promise.all([
    priceCheckout(db, deps, row, shopper),
    row.orderId === null
      ? null
      : db
          .select({ token: orders.token })
          .from(orders)
          .where(eq(orders.id, row.orderId))
          .then((r) => r[0] ?? null),
  ]);
  return {
    token: row.token,
    status: row.status,
    buyNow: row.buyNow,
    lines: priced.lines.map((line, i) => {
      const sku = details.get(line.skuId)!;
      return {
        ...line,
        productId: sku.productId,
        handle: sku.handle,
        title: sku.title,
        options: sku.options,
        image: sku.image,
        gift: row.lines[i]?.gift === true,
        discountedTotal: { ...line.lineTotal, amount: line.lineTotal.amount - line.discount.amount },
      };
    }),
    shippingTemplateName: shipping ? localize(shipping.name, shopper.locale) : null,
    orderToken: order?.token ?? null,
    totals: checkoutTotals(priced.total, (amount) => ({ amount, currencyCode: shopper.currency.code })),
    email: row.email,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    tip: row.tip,
    acceptsMarketing: row.acceptsMarketing,
    asShippingAddress: row.asShippingAddress,
    // A way chosen for an earlier address that does not serve this one is shown as no choice.
    shippingTemplateId: shipping?.id ?? null,
    insurance: row.insurance,
    coupon: row.couponCode ? { code: row.couponCode, applied: priced.total.couponApplied } : null,
  };
}
