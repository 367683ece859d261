// "Order again" after an order was canceled (its address was not confirmed in time): its lines go back
// into the visitor's cart, up to the order's quantities (a cart that still holds them, as one the order
// came from does until it is paid, is not doubled). All at once when every one can be had; else one by
// one, and what is sold out (or no longer sold) is left out and named. A free gift is not put back as a
// bought item: the cart offers it again when its promotion is reached.
import type { OrderLine } from '../../../schemas/generated/api';
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';

export interface Reordered {
  /** The cart's item count afterwards. */
  quantity: number;
  added: OrderLine[];
  leftOut: OrderLine[];
}

/** The lines bought (a gift, at no price, is left to the cart's own offer). */
export const reorderLines = (lines: OrderLine[]) => lines.filter((line) => line.unitPrice.amount > 0);

export async function reorder(api: Pick<ApiClient, 'cart'>, lines: OrderLine[]): Promise<Reordered> {
  const wanted = reorderLines(lines);
  const cart = await api.cart.get();
  const inCart = new Map<number, number>();
  for (const line of cart.lines) inCart.set(line.skuId, (inCart.get(line.skuId) ?? 0) + line.quantity);
  const missing = (line: OrderLine) => Math.max(0, line.quantity - (inCart.get(line.skuId) ?? 0));
  const toAdd = wanted.filter((line) => missing(line) > 0);
  if (!toAdd.length) return { quantity: cart.quantity, added: wanted, leftOut: [] };
  try {
    const { quantity } = await api.cart.addAll(toAdd.map((line) => ({ skuId: line.skuId, quantity: missing(line) })));
    return { quantity, added: wanted, leftOut: [] };
  } catch (error) {
    // A refusal (sold out, off the shelf) is worked out line by line; a fault (network) is the caller's.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  const added: OrderLine[] = wanted.filter((line) => missing(line) === 0);
  const leftOut: OrderLine[] = [];
  let quantity: number | null = null;
  for (const line of toAdd) {
    try {
      quantity = (await api.cart.add(line.skuId, missing(line))).quantity;
      added.push(line);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      leftOut.push(line);
    }
  }
  return { quantity: quantity ?? (await api.cart.quantity()).quantity, added, leftOut };
}
