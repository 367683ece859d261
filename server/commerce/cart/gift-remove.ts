// Takes the free gift out of the cart (spec section 7: DELETE api/shopping-carts/gift/{id}, the gift's SKU
// id). Taking out a gift that is not there changes nothing and is not an error (a second click).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cartGifts } from '../../db/cart-schema';
import { isId } from '../ids';
import { findCart } from './find-cart';

export async function removeGift(db: Db, visitorId: string, skuId: number): Promise<void> {
  const cartId = isId(skuId) ? await findCart(db, visitorId, false) : null;
  if (cartId === null) return;
  await db.delete(cartGifts).where(and(eq(cartGifts.cartId, cartId), eq(cartGifts.skuId, skuId)));
}
