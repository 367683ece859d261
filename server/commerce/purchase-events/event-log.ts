// What the merchant reads of the purchase events (spec section 7: GET api/orders/getOrderFbEventLog):
// an order's one event id, the browser's records, and its server events with their sending state (or why
// it has none); and the latest server events across orders (the merchant's list).
import { and, asc, desc, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type {
  ListedServerPurchaseEvent,
  PurchaseEvent,
  PurchaseEventLog,
  ServerPurchaseEvent,
} from '../../../schemas/generated/api';
import type { Db, Executor } from '../../db/connect';
import { purchaseEvents, serverEventOutbox } from '../../db/purchase-events-schema';
import { orderEvents, orders } from '../../db/order-schema';
import type { OrderRow } from '../orders/rows';

type OutboxRow = typeof serverEventOutbox.$inferSelect;

export function serverEventView(row: OutboxRow): ServerPurchaseEvent {
  return {
    platform: row.platform,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The purchase's event id of an order; null until it is paid. */
export async function purchaseEventIdOf(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ eventId: purchaseEvents.eventId })
    .from(purchaseEvents)
    .where(eq(purchaseEvents.orderId, orderId));
  return row?.eventId ?? null;
}

export async function orderEventLog(db: Db, order: OrderRow): Promise<PurchaseEventLog> {
  const [[purchase], browser, server] = await Promise.all([
    db.select().from(purchaseEvents).where(eq(purchaseEvents.orderId, order.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db.select().from(serverEventOutbox).where(eq(serverEventOutbox.orderId, order.id)).orderBy(asc(serverEventOutbox.platform)),
  ]);
  return {
    orderNumber: order.number!,
    eventId: purchase?.eventId ?? null,
    serverSkipped: purchase?.skippedReason ?? null,
    browser: browser.map((r): PurchaseEvent => {
      const { event, ...payload } = r.payload;
      return { kind: r.kind, event: typeof event === 'string' ? event : null, payload, createdAt: r.createdAt.toISOString() };
    }),
    server: server.map(serverEventView),
  };
}

/** The latest server events across orders, newest first (the merchant's list). */
export async function listServerEvents(
  db: Db,
  query: { status?: OutboxRow['status']; limit: number },
): Promise<ListedServerPurchaseEvent[]> {
  const where: SQL | undefined = query.status ? eq(serverEventOutbox.status, query.status) : undefined;
  const rows = await db
    .select({ event: serverEventOutbox, number: orders.number })
    .from(serverEventOutbox)
    .innerJoin(orders, eq(orders.id, serverEventOutbox.orderId))
    .where(where)
    .orderBy(desc(serverEventOutbox.createdAt), desc(serverEventOutbox.id))
    .limit(query.limit);
  return rows.map(({ event, number }) => ({
    orderNumber: number!,
    value: { amount: event.payload.value, currencyCode: event.payload.currency },
    event: serverEventView(event),
  }));
}

/**
 * The browser asks for its order's server events now (sendFbPurchaseEvent): the rows still pending are
 * made due at once, for the sender to take (never sent here, in the request: the outbox is the one
 * sender, so a request and the job cannot both send). Answers how many were made due.
 */
export async function expediteServerEvents(db: Db, orderId: number, now: Date): Promise<number> {
  const rows = await db
    .update(serverEventOutbox)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(serverEventOutbox.orderId, orderId),
        eq(serverEventOutbox.status, 'pending'),
        // Not one being sent now (claimed, its lease running): that send is under way already.
        or(isNull(serverEventOutbox.claimedBy), lte(serverEventOutbox.nextAttemptAt, now)),
      ),
    )
    .returning({ id: serverEventOutbox.id });
  return rows.length;
}
