// An unpaid order lets go of what it held: its stock goes back on the shelf and its coupon use is
// uncounted. Done when it expires (the job) or when its checkout changed and a new order replaces it.
// Only pending orders are released, in one conditional statement, so two processes never release twice.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connect';
import { couponUses, orders } from '../../db/order-schema';
import { giveBackStock } from './take-stock';

async function uncountCoupons(tx: Executor, orderIds: number[]) {
  const uses = await tx
    .delete(couponUses)
    .where(inArray(couponUses.orderId, orderIds))
    .returning({ couponId: couponUses.couponId });
  for (const use of uses) {
    await tx.execute(sql`update coupons set used = greatest(used - 1, 0) where id = ${use.couponId}`);
  }
}

/** Releases pending orders matching `where`; answers the ids released. */
async function release(tx: Executor, status: 'expired' | 'canceled', where: ReturnType<typeof and>): Promise<number[]> {
  const released = await tx
    .update(orders)
    .set({ status })
    .where(and(eq(orders.status, 'pending'), where))
    .returning({ id: orders.id });
  const ids = released.map((r) => r.id);
  if (ids.length) {
    await giveBackStock(tx, ids);
    await uncountCoupons(tx, ids);
  }
  return ids;
}

/** Cancels one pending order (its checkout changed before it was paid). */
export const cancelPendingOrder = (tx: Executor, orderId: number) => release(tx, 'canceled', eq(orders.id, orderId));

/**
 * Expires every order still unpaid at `now` (the job: server/jobs). Safe when several processes run it
 * at once: an order changes from pending once. Every due order is locked first, in id order, before any
 * SKU: releasing one set (its stock back) and then locking the next could otherwise wait on an order an
 * offer's answer holds while that answer waits on a SKU given back (offers lock their order, then SKUs).
 */
export async function expireUnpaidOrders(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), or(lt(orders.addressConfirmBy, now), lt(orders.expiresAt, now))))
      .orderBy(asc(orders.id))
      .for('update');
    if (!due.length) return [];
    const ids = inArray(
      orders.id,
      due.map((o) => o.id),
    );
    return [
      // An address the shopper did not confirm in time (/payment/confirmAddress): the order is canceled.
      ...(await release(tx, 'canceled', and(ids, lt(orders.addressConfirmBy, now)))),
      ...(await release(tx, 'expired', and(ids, lt(orders.expiresAt, now)))),
    ];
  });
}
