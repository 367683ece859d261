// How many items a visitor's cart holds (the cart count of the layout).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cartLines, carts } from '../../db/cart-schema';

export async function cartQuantity(db: Db, visitorId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.visitorId, visitorId));
  return Number(row?.n ?? 0);
}
