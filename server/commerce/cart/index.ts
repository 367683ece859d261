// A visitor's cart: one operation per file (find, add one or several lines, change a quantity, take a
// line out, count, read, pick or take out the free gift), composed here for the API. The client sends ids
// and quantities only; the server prices everything.
import type { Db } from '../../db/connect';
import type { Promotions } from '../catalog/promotions';
import type { Currency } from '../pricing/currency';
import type { Shopper } from '../shopper';
import { addLine } from './add-line';
import { addLines } from './add-lines';
import { cartQuantity } from './cart-quantity';
import { applyCoupon, minimumNotMet, removeCoupon } from './coupons';
import { addGift } from './gift-add';
import { removeGift } from './gift-remove';
import { priceItems } from './price-items';
import { readCart } from './read-cart';
import { removeLine } from './remove-line';
import { setLineQuantity } from './set-quantity';

export { MAX_LINE_QUANTITY } from './add-line';

export function createCarts(db: Db, promotions: Promotions) {
  const quantity = (visitorId: string) => cartQuantity(db, visitorId);
  return {
    quantity,
    /** Adds `count` of a SKU and answers the cart's new item count. */
    async add(visitorId: string, skuId: number, count: number): Promise<{ quantity: number }> {
      await addLine(db, visitorId, skuId, count);
      return { quantity: await quantity(visitorId) };
    },
    /** Adds several SKUs, all or none, and answers the cart's new item count. */
    async addAll(visitorId: string, items: { skuId: number; quantity: number }[]): Promise<{ quantity: number }> {
      await addLines(db, visitorId, items);
      return { quantity: await quantity(visitorId) };
    },
    setQuantity: (visitorId: string, lineId: number, count: number) => setLineQuantity(db, visitorId, lineId, count),
    remove: (visitorId: string, lineId: number) => removeLine(db, visitorId, lineId),
    /**
     * Puts a discount code on the cart and answers the cart priced with it; 5005 (and the code left off)
     * when the spend after promotions does not reach the code's minimum.
     */
    async applyCoupon(visitorId: string, code: string, shopper: Shopper) {
      const coupon = await applyCoupon(db, visitorId, code);
      const cart = await readCart(db, promotions, visitorId, shopper);
      if (!cart.coupon?.applied) {
        await removeCoupon(db, visitorId);
        throw minimumNotMet(coupon, shopper.currency, shopper.baseCurrency);
      }
      return cart;
    },
    removeCoupon: (visitorId: string) => removeCoupon(db, visitorId),
    /** Picks the free gift (one per cart; 400, 5005, 5003, 5004 when it cannot be had). */
    addGift: (visitorId: string, skuId: number, base: Currency) => addGift(db, promotions, visitorId, skuId, base),
    removeGift: (visitorId: string, skuId: number) => removeGift(db, visitorId, skuId),
    /** SKUs priced with the promotions, without a cart. */
    price: (items: { skuId: number; quantity: number }[], { locale, currency, baseCurrency }: Shopper) =>
      priceItems(db, promotions, items, { locale, currency, baseCurrency }).then(({ total: _total, ...price }) => price),
    get: (visitorId: string, shopper: Shopper) => readCart(db, promotions, visitorId, shopper),
  };
}

export type Carts = ReturnType<typeof createCarts>;
