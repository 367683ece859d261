// Discount hints of the cart (spec section 2): what the shopper could add to reach the next tier of an
// active promotion, "add 1 more to get 10% off" (by quantity) or "spend $12.00 more to save $5.00" (by
// spend). Pure; reads the same promotions and lines as calculateTotal.
import type { CartPromotion, ItemPromotion, PricedLine, Promotion } from './calculate-total';

export type CartHint =
  | { promotionId: number; by: 'quantity'; more: number; percentOff?: number; amountOff?: number }
  | { promotionId: number; by: 'spend'; more: number; percentOff?: number; amountOff?: number };

/** What `more` to add and what it saves: amounts in the base currency (the caller converts them). */
export function cartHints(lines: PricedLine[], promotions: Promotion[], baseSpend: number): CartHint[] {
  if (!lines.length) return [];
  const count = (productIds?: number[]) =>
    lines.filter((l) => !productIds || productIds.includes(l.productId)).reduce((n, l) => n + l.quantity, 0);
  const hints: CartHint[] = [];
  for (const promotion of promotions) {
    if (promotion.kind === 'bundle') continue;
    if (promotion.kind === 'volume') {
      const inCart = count(promotion.productIds);
      if (!inCart) continue;
      const next = nextTier(promotion, inCart);
      if (next)
        hints.push({ promotionId: promotion.id, by: 'quantity', more: next.minQuantity - inCart, percentOff: next.percentOff });
      continue;
    }
    const hint = nextCartTier(promotion, count(), baseSpend);
    if (hint) hints.push(hint);
  }
  return hints;
}

/** The lowest volume tier above what the cart holds. */
function nextTier(promotion: Extract<ItemPromotion, { kind: 'volume' }>, inCart: number) {
  return promotion.tiers.filter((t) => t.minQuantity > inCart).sort((a, b) => a.minQuantity - b.minQuantity)[0];
}

/** The nearest tier not reached yet, by spend or by item count, saving more than the best one reached. */
function nextCartTier(promotion: CartPromotion, items: number, spend: number): CartHint | null {
  const saving = (tier: CartPromotion['tiers'][number]) => tier.amountOff ?? Math.round((spend * (tier.percentOff ?? 0)) / 100);
  const reached = promotion.tiers.filter(
    (t) => (t.minSubtotal === undefined || spend >= t.minSubtotal) && (t.minQuantity === undefined || items >= t.minQuantity),
  );
  const best = Math.max(0, ...reached.map(saving));
  const candidates = promotion.tiers
    .filter((t) => !reached.includes(t) && saving(t) > best)
    .map(
      (t): CartHint =>
        t.minSubtotal !== undefined && spend < t.minSubtotal
          ? { promotionId: promotion.id, by: 'spend', more: t.minSubtotal - spend, ...offOf(t) }
          : { promotionId: promotion.id, by: 'quantity', more: (t.minQuantity ?? 0) - items, ...offOf(t) },
    );
  // The nearest: the fewest items, else the least spend.
  candidates.sort((a, b) => (a.by === b.by ? a.more - b.more : a.by === 'quantity' ? -1 : 1));
  return candidates[0] ?? null;
}

const offOf = (tier: { percentOff?: number; amountOff?: number }) =>
  tier.percentOff !== undefined
    ? { percentOff: tier.percentOff }
    : tier.amountOff !== undefined
      ? { amountOff: tier.amountOff }
      : {};
