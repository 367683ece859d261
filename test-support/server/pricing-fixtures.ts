// Promotions and lines for the pricing tests: the demo shop's kinds of promotion, on made-up products
// 10, 11 (volume), 20, 21 (bundle) and anything (the cart tiers).
import type { PricedLine, Promotion } from '../../server/commerce/pricing/calculate-total';

/** A line whose price is the same in the shown and the base currency. */
export const pricedLine = (key: number, productId: number, quantity: number, unitPrice: number): PricedLine => ({
  key,
  productId,
  quantity,
  unitPrice,
  baseUnitPrice: unitPrice,
});

export const volume: Extract<Promotion, { kind: 'volume' }> = {
  kind: 'volume',
  id: 1,
  productIds: [10, 11],
  tiers: [
    { minQuantity: 2, percentOff: 5 },
    { minQuantity: 3, percentOff: 10 },
  ],
};
export const bundle: Extract<Promotion, { kind: 'bundle' }> = { kind: 'bundle', id: 2, productIds: [20, 21], percentOff: 15 };
export const threshold: Extract<Promotion, { kind: 'threshold' }> = {
  kind: 'threshold',
  id: 3,
  tiers: [
    { minSubtotal: 10000, percentOff: 10 },
    { minQuantity: 4, amountOff: 1500 },
  ],
};
