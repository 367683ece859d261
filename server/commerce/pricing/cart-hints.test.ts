import { describe, expect, it } from 'vitest';
import { pricedLine, threshold, volume } from '../../../test-support/server/pricing-fixtures';
import type { Promotion } from './calculate-total';
import { cartHints } from './cart-hints';

const line = (productId: number, quantity: number, price: number) => pricedLine(productId, productId, quantity, price);

describe('cart hints', () => {
  it('say how many more items reach the next volume tier', () => {
    expect(cartHints([line(10, 1, 1000)], [volume], 1000)).toEqual([{ promotionId: 1, by: 'quantity', more: 1, percentOff: 5 }]);
    expect(cartHints([line(10, 2, 1000)], [volume], 2000)).toEqual([{ promotionId: 1, by: 'quantity', more: 1, percentOff: 10 }]);
    expect(cartHints([line(10, 3, 1000)], [volume], 3000)).toEqual([]);
    expect(cartHints([line(30, 3, 1000)], [volume], 3000)).toEqual([]);
  });

  it('say the nearest cart tier, by items first, then by spend', () => {
    expect(cartHints([line(30, 3, 1000)], [threshold], 3000)).toEqual([
      { promotionId: 3, by: 'quantity', more: 1, amountOff: 1500 },
    ]);
    const spendOnly: Promotion = { kind: 'threshold', id: 4, tiers: [{ minSubtotal: 10000, amountOff: 500 }] };
    expect(cartHints([line(30, 1, 8800)], [spendOnly], 8800)).toEqual([
      { promotionId: 4, by: 'spend', more: 1200, amountOff: 500 },
    ]);
    // A tier that would save less than the one reached is not worth a hint.
    expect(cartHints([line(30, 4, 2000)], [threshold], 8000)).toEqual([]);
  });

  it('say nothing once the best tier is reached, or for an empty cart', () => {
    expect(cartHints([line(30, 1, 20000)], [threshold], 20000)).toEqual([]);
    expect(cartHints([], [threshold, volume], 0)).toEqual([]);
  });
});
