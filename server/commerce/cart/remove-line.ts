// Takes a line out of the visitor's cart (spec section 7: DELETE api/multicurrency/shopping-carts/{id}).
// Taking out a line that is not there any more changes nothing and is not an error (a second click).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cartLines } from '../../db/cart-schema';
import { isId } from '../ids';
import { findCart } from './find-cart';

export async function removeLine(db: Db, visitorId: string, lineId: number): Promise<void> {
  const cartId = isId(lineId) ? await findCart(db, visitorId, false) : null;
  if (cartId === null) return;
  await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
}
