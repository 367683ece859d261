// Purchase events of an order (spec section 7: saveOrderPurchaseEvent, updataOrderPurchaseEvent,
// sendFbPurchaseEvent, getOrderFbEventLog): recorded now, read by the pixels that come later.
import { asc, eq } from 'drizzle-orm';
import type { PurchaseEvent } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { orderEvents } from '../../db/schema';
import { findOrder } from './read-order';

export type PurchaseEventKind = 'saveOrderPurchaseEvent' | 'updataOrderPurchaseEvent' | 'sendFbPurchaseEvent';

export async function recordPurchaseEvent(
  db: Db,
  kind: PurchaseEventKind,
  orderToken: string,
  event: string | undefined,
  payload: Record<string, unknown>,
): Promise<void> {
  const order = await findOrder(db, orderToken);
  await db.insert(orderEvents).values({ orderId: order.id, kind, payload: { ...payload, ...(event ? { event } : {}) } });
}

export async function purchaseEvents(db: Db, orderToken: string): Promise<PurchaseEvent[]> {
  const order = await findOrder(db, orderToken);
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
  return rows.map((r) => {
    const { event, ...payload } = r.payload;
    return { kind: r.kind, event: typeof event === 'string' ? event : null, payload, createdAt: r.createdAt.toISOString() };
  });
}
