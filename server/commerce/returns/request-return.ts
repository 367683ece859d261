// A customer asks to return some items of one of their orders (issue 25): lines of that order, at most
// what was delivered and not yet asked back. Checked and written under the order's row lock, so two
// requests sent at once never ask back the same item twice.
import { eq } from 'drizzle-orm';
import type { NewReturnRequest } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { returnLines, returnRequests } from '../../db/customer-schema';
import { orderLines } from '../../db/order-schema';
import { ownedOrder } from '../customers/owned-order';
import { badRequest, ShopError } from '../errors';
import { heldUnits, type ReturnRow } from './read-returns';
import { orderReturnable } from './return-rules';

export async function requestReturn(
  db: Db,
  customerId: number,
  orderId: number,
  input: NewReturnRequest,
  now: Date,
): Promise<ReturnRow> {
  return db.transaction(async (tx) => {
    const order = await ownedOrder(tx, customerId, orderId, { lock: true });
    if (!orderReturnable(order)) {
      throw new ShopError(
        'orderNotReturnable',
        order.status === 'paid'
          ? 'This order has not been sent yet: its items can be returned once it has.'
          : 'This order cannot be returned: it is not paid, or everything was refunded.',
      );
    }
    const [lines, held] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
      heldUnits(tx, order.id),
    ]);
    // The same line named twice counts once, with both quantities.
    const asked = new Map<number, { quantity: number; at: number }>();
    input.lines.forEach((line, i) => {
      const before = asked.get(line.lineId);
      asked.set(line.lineId, { quantity: (before?.quantity ?? 0) + line.quantity, at: before?.at ?? i });
    });
    const unknown = [...asked].filter(([lineId]) => !lines.some((l) => l.id === lineId));
    if (unknown.length) {
      throw badRequest('Some lines are not lines of this order.', {
        errors: unknown.map(([, { at }]) => ({ path: `/lines/${at}/lineId`, message: 'is not a line of this order' })),
      });
    }
    const over = [...asked].flatMap(([lineId, { quantity, at }]) => {
      const line = lines.find((l) => l.id === lineId)!;
      const left = Math.max(0, line.quantity - (held.get(lineId) ?? 0));
      return quantity > left ? [{ path: `/lines/${at}/quantity`, message: `at most ${left}`, left }] : [];
    });
    if (over.length) {
      throw new ShopError('returnQuantityTooHigh', 'More items than were delivered and not yet asked back.', {
        errors: over,
      });
    }
    const [created] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        customerId,
        reason: input.reason,
        comment: input.comment?.trim() || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(returnLines)
      .values([...asked].map(([lineId, { quantity }]) => ({ returnId: created!.id, orderLineId: lineId, quantity })));
    return created!;
  });
}
