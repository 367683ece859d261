// Pure pricing facts of a product, from its SKUs.

export interface PricedSku {
  id?: number;
  price: number;
  compareAtPrice: number | null;
  stock: number;
}

/**
 * The SKU whose price a product card shows: the cheapest one in stock, else the cheapest.
 * Its compare-at price is shown only when it is above the price (a real saving).
 */
export function displayPrice(
  skus: readonly PricedSku[],
): { price: number; compareAtPrice: number | null; available: boolean; skuId: number | null } | null {
  if (skus.length === 0) return null;
  const inStock = skus.filter((s) => s.stock > 0);
  const pool = inStock.length ? inStock : skus;
  const cheapest = pool.reduce((best, s) => (s.price < best.price ? s : best));
  const compareAt = cheapest.compareAtPrice !== null && cheapest.compareAtPrice > cheapest.price ? cheapest.compareAtPrice : null;
  return { price: cheapest.price, compareAtPrice: compareAt, available: inStock.length > 0, skuId: cheapest.id ?? null };
}
