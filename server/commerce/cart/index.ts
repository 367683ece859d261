// A visitor's cart: one operation per file (find, add a line, count, read), composed here for the API.
// The client sends ids and quantities only; the server prices everything.
import type { Db } from '../../db/connect';
import type { Currency } from '../pricing/currency';
import { addLine } from './add-line';
import { cartQuantity } from './cart-quantity';
import { readCart } from './read-cart';

export { MAX_LINE_QUANTITY } from './add-line';

export function createCarts(db: Db) {
  return {
    quantity: (visitorId: string) => cartQuantity(db, visitorId),
    /** Adds `count` of a SKU and answers the cart's new item count. */
    async add(visitorId: string, skuId: number, count: number): Promise<{ quantity: number }> {
      await addLine(db, visitorId, skuId, count);
      return { quantity: await cartQuantity(db, visitorId) };
    },
    get: (visitorId: string, locale: string, currency: Currency, base: Currency) =>
      readCart(db, visitorId, locale, currency, base),
  };
}

export type Carts = ReturnType<typeof createCarts>;
