// Returns as their customer and the merchant read them: the return, its lines named as the order named
// them, and its refund in the order's currency.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnRequest } from '../../../schemas/generated/api';
import type { Executor } from '../../db/connect';
import { returnLines, returnRequests } from '../../db/customer-schema';
import { orderLines, orders } from '../../db/order-schema';
import { HOLDING, type ReturnReason } from './return-rules';

export type ReturnRow = typeof returnRequests.$inferSelect;

/** Units of each line of the order spoken for by its returns (all but rejected ones), by order line id. */
export async function heldUnits(db: Executor, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...HOLDING])))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.units)]));
}

/** The returns' views, in the order given. */
export async function returnViews(db: Executor, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [lines, owners] = await Promise.all([
    db
      .select({
        returnId: returnLines.returnId,
        lineId: returnLines.orderLineId,
        quantity: returnLines.quantity,
        title: orderLines.title,
        variant: orderLines.variant,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(inArray(returnLines.returnId, ids))
      .orderBy(returnLines.orderLineId),
    db
      .select({ id: orders.id, number: orders.number, currencyCode: orders.currencyCode })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
  ]);
  return rows.map((row) => {
    const order = owners.find((o) => o.id === row.orderId);
    const currencyCode = order?.currencyCode ?? 'USD';
    const money = (amount: number | null) => (amount === null ? null : { amount, currencyCode });
    return {
      id: row.id,
      orderId: row.orderId,
      orderNumber: order?.number ?? '',
      status: row.status,
      reason: row.reason as ReturnReason,
      comment: row.comment,
      note: row.note,
      lines: lines
        .filter((l) => l.returnId === row.id)
        .map((l) => ({ lineId: l.lineId, title: l.title ?? '', variant: l.variant ?? '', quantity: l.quantity })),
      // What was given back: shown once the provider made the refund (a fixed amount waiting for it is not).
      refund: row.status === 'refunded' ? money(row.refundAmount ?? 0) : null,
      shippingRefund: row.status === 'refunded' ? money(row.shippingRefund) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** An order's returns, newest first. */
export async function returnsOfOrder(db: Executor, orderId: number): Promise<ReturnRequest[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  return returnViews(db, rows);
}
