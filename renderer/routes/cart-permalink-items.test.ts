import { describe, expect, it } from 'vitest';
import { cartPermalinkItems } from './cart-permalink-items';

describe('a cart permalink', () => {
  it('names SKUs and quantities, a missing quantity being 1', () => {
    expect(cartPermalinkItems('12:2,15:1')).toEqual([
      { skuId: 12, quantity: 2 },
      { skuId: 15, quantity: 1 },
    ]);
    expect(cartPermalinkItems('7')).toEqual([{ skuId: 7, quantity: 1 }]);
  });

  it('adds up a SKU named twice, to the most a cart line holds', () => {
    expect(cartPermalinkItems('3:2,3:5')).toEqual([{ skuId: 3, quantity: 7 }]);
    expect(cartPermalinkItems('3:999,3:999')).toEqual([{ skuId: 3, quantity: 999 }]);
  });

  it.each(['checkout', '', '0:1', '1:0', '1:1000', '-1:2', '1:2,', '1;2', '99999999999:1', '1:2:3'])('is not %j', (handle) =>
    expect(cartPermalinkItems(handle)).toBeNull(),
  );

  it('names at most 20 SKUs (what one call adds)', () => {
    const skus = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}:1`).join(',');
    expect(cartPermalinkItems(skus(20))).toHaveLength(20);
    expect(cartPermalinkItems(skus(21))).toBeNull();
  });
});
