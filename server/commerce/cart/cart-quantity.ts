// How many items a visitor's cart holds (the cart count of the layout).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cartLines } from '../../db/schema';
import { findCart } from './find-cart';

export async function cartQuantity(db: Db, visitorId: string): Promise<number> {
  const id = await findCart(db, visitorId, false);
  if (id === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .where(eq(cartLines.cartId, id));
  return Number(row?.n ?? 0);
}
