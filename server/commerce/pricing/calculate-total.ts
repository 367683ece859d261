// calculateTotal (spec section 3): what a cart or checkout costs, computed by the server from SKU prices,
// promotions, a coupon, shipping, shipping insurance and a tip. Pure: no database, no clock, no currency
// lookups; integer minor units throughout.
//
// The order discounts apply in, and how each step rounds:
//  1. Line items: unit price (already converted to the shown currency and rounded as that currency is)
//     times quantity. Their sum is totalLineItemsPrice.
//  2. Item promotions: each line takes the one promotion that saves it most (none stack on a line):
//     - volume: the quantity of all the cart's lines of the promotion's products (mix and match) picks
//       the tier; the tier's percent comes off the line's total;
//     - bundle: when every product of the bundle is in the cart, the percent comes off the units that
//       make complete sets (as many sets as the scarcest product allows; units are given to lines in
//       line order).
//     A percent off is taken from a line's total and rounded half up to the minor unit, once per line.
//  3. Cart promotions (threshold): of the tiers the cart reaches (spend after step 2, or item count),
//     the one that saves most: a percent off the amount after step 2 (rounded half up once), or an
//     amount off (never more than that amount).
//  4. Coupon: on what is left after steps 2 and 3, when its minimum spend is met: a percent (rounded
//     half up once) or an amount (never more than what is left).
//     totalPromotion = steps 2 and 3; totalCoupon = step 4; totalDiscounts = both;
//     subtotalPrice = totalLineItemsPrice - totalDiscounts.
//  5. Shipping (from the shipping template, already priced for this subtotal), shipping insurance (its
//     percent of subtotalPrice, rounded half up, when offered and chosen), tip (as given, at least 0).
//     totalPrice = subtotalPrice + totalShippingPrice + insurance + tip.
// Which promotions and coupons apply is decided on amounts in the base currency (and on quantities), so
// the currency a shopper picks never changes which apply: only the amounts are in the shown currency.
import type { OrderTotals } from '../../db/order-schema';
import { volumeTierFor } from './promotion-math';

export interface PricedLine {
  /** The line's id: lines are taken in this order (bundles give their units in it). */
  key: number;
  productId: number;
  quantity: number;
  /** One item, in minor units of the shown currency. */
  unitPrice: number;
  /** One item, in minor units of the base currency (promotion conditions are read in these). */
  baseUnitPrice: number;
}

export type ItemPromotion =
  | { kind: 'volume'; id: number; productIds: number[]; tiers: { minQuantity: number; percentOff: number }[] }
  | { kind: 'bundle'; id: number; productIds: number[]; percentOff: number };

export interface CartPromotion {
  kind: 'threshold';
  id: number;
  /** A tier is reached by spend (base minor units, after item promotions) or by item count. */
  tiers: { minSubtotal?: number; minQuantity?: number; percentOff?: number; amountOff?: number }[];
}

export type Promotion = ItemPromotion | CartPromotion;

export interface CouponRule {
  code: string;
  percentOff?: number;
  /** Base minor units. */
  amountOff?: number;
  /** Base minor units, compared with the spend after promotions. */
  minSpend?: number;
}

export interface PricingInput {
  lines: PricedLine[];
  promotions: Promotion[];
  coupon?: CouponRule | null;
  /** The chosen shipping's price in the shown currency (0 when none is chosen yet). */
  shipping?: number;
  /** Shipping insurance, when the shop offers it and the shopper chose it: its percent of the subtotal. */
  insurancePercent?: number | null;
  /** The tip in the shown currency (checked against its maximum before). */
  tip?: number;
  /** An amount of the base currency in the shown currency (amounts off are stated in the base currency). */
  convert: (baseAmount: number) => number;
}

export interface LineTotal {
  key: number;
  /** unitPrice × quantity. */
  lineTotal: number;
  /** What its item promotion takes off. */
  promotion: number;
  promotionId: number | null;
}

/** The totals (the same an order keeps), the lines and what applied. */
export interface CalculatedTotal extends OrderTotals {
  lines: LineTotal[];
  /** Ids of the promotions that took something off, in id order. */
  appliedPromotions: number[];
  /** Whether the coupon applied (its minimum spend met). */
  couponApplied: boolean;
}

/** A whole percent of an amount, rounded half up to the minor unit (in the shopper's favour at .5). */
const off = (amount: number, percent: number) => Math.round((amount * Math.min(percent, 100)) / 100);

interface Saving {
  promotionId: number;
  /** In the shown currency. */
  amount: number;
  /** The same in the base currency: which saves most is decided on these. */
  base: number;
}

/** What each item promotion would take off each line (lines in key order). */
function itemSavings(lines: PricedLine[], promotions: ItemPromotion[]): Map<number, Saving[]> {
  const savings = new Map<number, Saving[]>(lines.map((l) => [l.key, []]));
  const quantityOf = (productIds: Set<number>) =>
    lines.filter((l) => productIds.has(l.productId)).reduce((n, l) => n + l.quantity, 0);
  for (const promotion of promotions) {
    const products = new Set(promotion.productIds);
    if (promotion.kind === 'volume') {
      const tier = volumeTierFor(promotion.tiers, quantityOf(products));
      if (!tier?.percentOff) continue;
      for (const line of lines) {
        if (!products.has(line.productId)) continue;
        savings.get(line.key)!.push({
          promotionId: promotion.id,
          amount: off(line.unitPrice * line.quantity, tier.percentOff),
          base: off(line.baseUnitPrice * line.quantity, tier.percentOff),
        });
      }
    } else {
      const sets = Math.min(...promotion.productIds.map((id) => quantityOf(new Set([id]))));
      if (!(sets >= 1) || !promotion.percentOff) continue;
      const left = new Map(promotion.productIds.map((id) => [id, sets]));
      for (const line of lines) {
        const units = Math.min(left.get(line.productId) ?? 0, line.quantity);
        if (!units) continue;
        left.set(line.productId, left.get(line.productId)! - units);
        savings.get(line.key)!.push({
          promotionId: promotion.id,
          amount: off(line.unitPrice * units, promotion.percentOff),
          base: off(line.baseUnitPrice * units, promotion.percentOff),
        });
      }
    }
  }
  return savings;
}

/** The saving that is largest in the base currency (the lower promotion id on a tie). */
function best(savings: Saving[]): Saving | null {
  let chosen: Saving | null = null;
  for (const s of savings) {
    if (s.base <= 0) continue;
    if (!chosen || s.base > chosen.base || (s.base === chosen.base && s.promotionId < chosen.promotionId)) chosen = s;
  }
  return chosen;
}

/** Percent or amount off `amount` (base amounts converted), never more than `amount`. */
function reduction(amount: number, rule: { percentOff?: number; amountOff?: number }, convert: (base: number) => number) {
  if (rule.percentOff) return off(amount, rule.percentOff);
  if (rule.amountOff) return Math.min(convert(rule.amountOff), amount);
  return 0;
}

export function calculateTotal(input: PricingInput): CalculatedTotal {
  const lines = [...input.lines].sort((a, b) => a.key - b.key);
  for (const line of lines) {
    for (const value of [line.quantity, line.unitPrice, line.baseUnitPrice]) {
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`line ${line.key}: ${value} is not a quantity or an amount`);
    }
  }
  const itemPromotions = input.promotions.filter((p): p is ItemPromotion => p.kind !== 'threshold');
  const cartPromotions = input.promotions.filter((p): p is CartPromotion => p.kind === 'threshold');
  const savings = itemSavings(lines, itemPromotions);
  const applied = new Set<number>();

  // Steps 1 and 2.
  const lineTotals: LineTotal[] = lines.map((line) => {
    const chosen = best(savings.get(line.key)!);
    if (chosen) applied.add(chosen.promotionId);
    return {
      key: line.key,
      lineTotal: line.unitPrice * line.quantity,
      promotion: chosen?.amount ?? 0,
      promotionId: chosen?.promotionId ?? null,
    };
  });
  const totalLineItemsPrice = lineTotals.reduce((sum, l) => sum + l.lineTotal, 0);
  const itemPromotion = lineTotals.reduce((sum, l) => sum + l.promotion, 0);
  const baseAfterItems = lines.reduce((sum, line) => {
    const chosen = best(savings.get(line.key)!);
    return sum + line.baseUnitPrice * line.quantity - (chosen?.base ?? 0);
  }, 0);
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);

  // Step 3: the reached cart tier that saves most (decided in the base currency).
  const afterItems = totalLineItemsPrice - itemPromotion;
  let cartPromotion = 0;
  let cartChoice: { id: number; base: number } | null = null;
  for (const promotion of cartPromotions) {
    for (const tier of promotion.tiers) {
      const reached =
        (tier.minSubtotal === undefined || baseAfterItems >= tier.minSubtotal) &&
        (tier.minQuantity === undefined || itemCount >= tier.minQuantity) &&
        (tier.minSubtotal !== undefined || tier.minQuantity !== undefined);
      if (!reached) continue;
      const base = reduction(baseAfterItems, tier, (amount) => amount);
      if (base > 0 && (!cartChoice || base > cartChoice.base || (base === cartChoice.base && promotion.id < cartChoice.id))) {
        cartChoice = { id: promotion.id, base };
        cartPromotion = reduction(afterItems, tier, input.convert);
      }
    }
  }
  if (cartChoice) applied.add(cartChoice.id);
  const totalPromotion = itemPromotion + cartPromotion;

  // Step 4.
  const afterPromotions = totalLineItemsPrice - totalPromotion;
  const coupon = input.coupon;
  const baseAfterPromotions = baseAfterItems - (cartChoice?.base ?? 0);
  const couponApplied = !!coupon && baseAfterPromotions >= (coupon.minSpend ?? 0) && baseAfterPromotions > 0;
  const totalCoupon = couponApplied ? reduction(afterPromotions, coupon!, input.convert) : 0;

  // Step 5.
  const totalDiscounts = totalPromotion + totalCoupon;
  const subtotalPrice = totalLineItemsPrice - totalDiscounts;
  const totalShippingPrice = Math.max(0, input.shipping ?? 0);
  const shippingInsurancePrice = input.insurancePercent ? Math.round((subtotalPrice * input.insurancePercent) / 100) : 0;
  const tipPrice = Math.max(0, input.tip ?? 0);
  return {
    totalLineItemsPrice,
    totalPromotion,
    totalCoupon,
    totalDiscounts,
    subtotalPrice,
    totalShippingPrice,
    shippingInsurancePrice,
    tipPrice,
    totalPrice: subtotalPrice + totalShippingPrice + shippingInsurancePrice + tipPrice,
    lines: lineTotals,
    appliedPromotions: [...applied].sort((a, b) => a - b),
    couponApplied,
  };
}
