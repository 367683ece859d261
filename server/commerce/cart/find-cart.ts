// A visitor's cart, found by the visitor id (spec: sakUUID cookie, sent as customerUUID).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { carts } from '../../db/cart-schema';

/**
 * The cart's id; with `create`, the cart is made when the visitor has none yet (at most one each) and is
 * marked as changed now: one statement either way.
 */
export async function findCart(db: Db, visitorId: string, create: boolean): Promise<number | null> {
  if (!create) {
    const [found] = await db.select({ id: carts.id }).from(carts).where(eq(carts.visitorId, visitorId));
    return found?.id ?? null;
  }
  const [created] = await db
    .insert(carts)
    .values({ visitorId })
    .onConflictDoUpdate({ target: carts.visitorId, set: { updatedAt: new Date() } })
    .returning({ id: carts.id });
  return created!.id;
}
