// The browser's purchase events of an order (spec section 7: saveOrderPurchaseEvent,
// updataOrderPurchaseEvent, sendFbPurchaseEvent), recorded as the browser sent them; the merchant reads
// them with the server events (getOrderFbEventLog, purchase-events/event-log.ts).
import type { Db } from '../../db/connect';
import { orderEvents } from '../../db/order-schema';
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
