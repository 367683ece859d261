// Pure promotion arithmetic, in minor units of the base currency.

export interface VolumeTier {
  minQuantity?: number;
  percentOff?: number;
}

/** A price less a whole percent, rounded to the minor unit. */
export function lessPercent(amount: number, percent: number): number {
  return Math.round((amount * (100 - percent)) / 100);
}

/** The tier a quantity reaches (the one with the highest minimum not above it), if any. */
export function volumeTierFor<T extends VolumeTier>(tiers: readonly T[], quantity: number): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    const min = tier.minQuantity ?? Infinity;
    if (min <= quantity && (best === null || min > (best.minQuantity ?? 0))) best = tier;
  }
  return best;
}

/** What one item costs at a quantity, with the percent taken off. */
export function volumeUnitPrice(
  price: number,
  tiers: readonly VolumeTier[],
  quantity: number,
): { unitPrice: number; percentOff: number } {
  const tier = volumeTierFor(tiers, quantity);
  const percentOff = tier?.percentOff ?? 0;
  return { unitPrice: lessPercent(price, percentOff), percentOff };
}

/** A bundle's price: the items' prices together, less the bundle's percent. */
export function bundlePrice(prices: readonly number[], percentOff: number): { total: number; compareAt: number } {
  const compareAt = prices.reduce((sum, p) => sum + p, 0);
  return { total: lessPercent(compareAt, percentOff), compareAt };
}
