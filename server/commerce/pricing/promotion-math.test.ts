import { describe, expect, it } from 'vitest';
import { bundlePrice, lessPercent, volumeTierFor, volumeUnitPrice } from './promotion-math';

const tiers = [
  { minQuantity: 3, percentOff: 10 },
  { minQuantity: 2, percentOff: 5 },
  { minQuantity: 5, percentOff: 15 },
];

describe('promotion arithmetic', () => {
  it('takes a whole percent off, to the nearest cent', () => {
    expect(lessPercent(5900, 10)).toBe(5310);
    expect(lessPercent(999, 15)).toBe(849);
  });

  it('picks the highest tier a quantity reaches, whatever their order', () => {
    expect(volumeTierFor(tiers, 1)).toBeNull();
    expect(volumeTierFor(tiers, 2)?.percentOff).toBe(5);
    expect(volumeTierFor(tiers, 4)?.percentOff).toBe(10);
    expect(volumeTierFor(tiers, 50)?.percentOff).toBe(15);
  });

  it('prices one item at a quantity', () => {
    expect(volumeUnitPrice(2800, tiers, 1)).toEqual({ unitPrice: 2800, percentOff: 0 });
    expect(volumeUnitPrice(2800, tiers, 5)).toEqual({ unitPrice: 2380, percentOff: 15 });
  });

  it('prices a bundle from its items', () => {
    expect(bundlePrice([2200, 3200, 2400], 15)).toEqual({ total: 6630, compareAt: 7800 });
  });
});
