// An order's shipping address corrected after it was priced (spec section 7: PUT
// /api/orders/{id}/updateShipping; the shop's own payment pages /payment/confirmAddress and
// /payment/replenishAddress). The address must pass the checkout's rules (spec section 5), and the way of
// shipping already paid for must serve it at no higher price: priced on the same spend and parcel as the
// order was (its shipping basis), in the base currency. Anything else would let a buyer pay Standard to
// California and have it sent to Alaska, where the same way costs more.
import { eq } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { skus } from '../../db/catalog-schema';
import { orderLines } from '../../db/order-schema';
import type { OrderRow } from './place-order';
import { addressProblems, type FieldProblem } from '../checkout/update-checkout';
import { chosenShipping, parcelGrams, shippingCountries } from '../pricing/shipping';
import type { Reference } from '../reference';

/** The order's shipping basis; orders placed before it was kept, in the base currency, are priced on their subtotal. */
function basisOf(order: Pick<OrderRow, 'totals' | 'currencyCode'>, baseCode: string) {
  const totals = order.totals;
  if (!totals) return null;
  if (totals.shippingBasis) return totals.shippingBasis;
  if (order.currencyCode !== baseCode) return null;
  return { spendBase: totals.subtotalPrice, grams: null, priceBase: totals.totalShippingPrice };
}

/**
 * Every problem of a corrected address, each with its JSON pointer under `at` (one 400 names them all):
 * the checkout's rules, then whether the order's way of shipping serves it at no higher price.
 */
export async function addressCorrectionProblems(
  db: Db,
  reference: Reference,
  order: Pick<OrderRow, 'id' | 'shippingTemplateId' | 'totals' | 'currencyCode'>,
  address: CheckoutAddress,
  at: string,
  /** The shop's base currency (the order's shipping was priced in it). */
  baseCode: string,
): Promise<FieldProblem[]> {
  const settings = await reference.checkout();
  const problems = await addressProblems(reference, new Set(shippingCountries(settings.shippingTemplates)), address, at);
  if (problems.length || order.shippingTemplateId === null) return problems;
  const destination = { country: address.country, province: address.province };
  const basis = basisOf(order, baseCode);
  // The province when the way of shipping serves the country (Alaska is not California), else the country.
  const template = settings.shippingTemplates.find((t) => t.id === order.shippingTemplateId);
  const pointer = `${at}/${template?.countries.includes(address.country) && address.province ? 'province' : 'country'}`;
  if (!basis) {
    // No price to compare with: refused rather than guessed.
    problems.push({
      path: pointer,
      message: 'cannot be checked against the shipping paid for: contact the shop',
      rule: 'shipping',
    });
    return problems;
  }
  const grams = basis.grams ?? (await orderGrams(db, order.id));
  const option = chosenShipping(settings.shippingTemplates, destination, basis.spendBase, grams, order.shippingTemplateId);
  if (!option) problems.push({ path: pointer, message: 'is not served by the way of shipping paid for', rule: 'shipping' });
  else if (option.price > basis.priceBase)
    problems.push({
      path: pointer,
      message: 'costs more to ship to with the way of shipping paid for: contact the shop to change it',
      rule: 'shippingPrice',
    });
  return problems;
}

/** The grams of an order's parcel by its SKUs' weights now (orders placed before their basis was kept). */
async function orderGrams(db: Db, orderId: number) {
  const lines = await db
    .select({ skuId: orderLines.skuId, quantity: orderLines.quantity, weight: skus.weight })
    .from(orderLines)
    .innerJoin(skus, eq(skus.id, orderLines.skuId))
    .where(eq(orderLines.orderId, orderId));
  const weights = new Map(lines.map((l) => [l.skuId, l.weight]));
  return parcelGrams(lines, (skuId) => weights.get(skuId)!);
}
