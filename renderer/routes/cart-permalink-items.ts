// A cart permalink's items (`/cart/{skuId}:{quantity},{skuId}:{quantity}`, the convention of Shopify's
// cart permalinks, which merchants paste into mails and ads): each SKU once, its quantities summed.
// Pure: the route (cart-permalink.tsx) adds them.

/** The most lines one call adds (SaveProductsRequest) and the most of one line (the cart's limit). */
const MAX_ITEMS = 20;
const MAX_QUANTITY = 999;
const MAX_SKU_ID = 2_147_483_647;
const ITEM = /^([1-9]\d{0,9})(?::([1-9]\d{0,2}))?$/;

export interface PermalinkItem {
  skuId: number;
  quantity: number;
}

/** The items a permalink names (a missing quantity is 1); null when the handle is not a permalink. */
export function cartPermalinkItems(handle: string): PermalinkItem[] | null {
  const quantities = new Map<number, number>();
  for (const part of handle.split(',')) {
    const match = ITEM.exec(part.trim());
    if (!match) return null;
    const skuId = Number(match[1]);
    if (skuId > MAX_SKU_ID) return null;
    quantities.set(skuId, Math.min(MAX_QUANTITY, (quantities.get(skuId) ?? 0) + Number(match[2] ?? 1)));
  }
  if (quantities.size > MAX_ITEMS) return null;
  return [...quantities].map(([skuId, quantity]) => ({ skuId, quantity }));
}
