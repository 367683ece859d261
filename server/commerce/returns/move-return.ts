// The merchant moves a return (issue 25): requested → approved or rejected, approved → received,
// received → refunded. Each move is one conditional statement on the status it starts from (two merchants
// at once: one moves it, the other finds it moved). A move to the status the return already has answers
// it as it is (a retried call changes nothing and mails nothing).
//
// The refund, like the offers' charges (funnels/accept-offer.ts), is three steps:
//  1. under the return's and its order's row locks, its amount is fixed once (refund-rule.ts: what the
//     payment still holds, earlier refunds and the one shipping refund of the order taken into account);
//  2. the provider is asked outside any transaction with one idempotency key per return and payment, so a
//     retried call, or two merchants at once, give back once;
//  3. the return becomes `refunded` in one conditional statement (only after the provider said so: a
//     provider that fails leaves it `received`, its amount kept for the retry), and the order `refunded`
//     when everything its payment took was given back.
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connect';
import { returnLines, returnRequests } from '../../db/customer-schema';
import { orderLines, orders } from '../../db/order-schema';
import { paymentMethods, payments } from '../../db/payment-schema';
import type { Provider } from '../../payments/provider';
import { notFound, ShopError } from '../errors';
import type { OrderRow, PaymentRow } from '../orders/rows';
import type { ReturnRow } from './read-returns';
import { refundFor } from './refund-rule';
import { MOVES, type ReturnMoveTarget } from './return-rules';

export interface MoveDeps {
  /** A payment provider by its id (server/payments/registry.ts). */
  providerOf: (id: string) => Provider | undefined;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export interface Moved {
  row: ReturnRow;
  /** Whether this call moved it (false: it had the status asked for already): the mail goes out once. */
  changed: boolean;
}

export interface MoveInput {
  status: ReturnMoveTarget;
  note?: string;
  refundShipping?: boolean;
}

/** The idempotency key of a return's refund at the provider: one refund per return of a payment. */
export const returnRefundKey = (returnId: number, payment: Pick<PaymentRow, 'idempotencyKey'>) =>
  `return-${returnId}-${payment.idempotencyKey}`;

const moveRefused = (row: ReturnRow, to: ReturnMoveTarget) =>
  new ShopError('returnMoveNotAllowed', `This return is ${row.status}: it cannot be made ${to}.`, { status: row.status });

async function findReturn(db: Db, id: number): Promise<ReturnRow> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  if (!row) throw notFound('There is no such return.');
  return row;
}

/** The order's payment: the one that succeeded (the only one that ever took its money). */
export async function takenPayment(db: Executor, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

export async function moveReturn(db: Db, deps: MoveDeps, id: number, input: MoveInput): Promise<Moved> {
  if (input.status === 'refunded') return refundReturn(db, deps, id, input);
  const now = deps.now();
  const note = input.note?.trim();
  const [moved] = await db
    .update(returnRequests)
    .set({ status: input.status, updatedAt: now, ...(note ? { note } : {}) })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, MOVES[input.status])))
    .returning();
  if (moved) return { row: moved, changed: true };
  const current = await findReturn(db, id);
  if (current.status === input.status) return { row: current, changed: false };
  throw moveRefused(current, input.status);
}

interface Fixed {
  row: ReturnRow;
  order: OrderRow;
  payment: PaymentRow;
}

/** Step 1: the refund's amount, fixed once under the return's and the order's locks. */
async function fixRefund(db: Db, deps: MoveDeps, id: number, input: MoveInput): Promise<Fixed | { done: ReturnRow }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
    if (!row) throw notFound('There is no such return.');
    if (row.status === 'refunded') return { done: row };
    if (row.status !== 'received') throw moveRefused(row, 'refunded');
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    const payment = await takenPayment(tx, row.orderId);
    if (!order?.totals || !payment?.providerReference) {
      throw new ShopError('refundFailed', 'This order has no payment to refund: give the money back another way.');
    }
    // Asked before: the same amount again (the provider gives it back once under the same key).
    if (row.refundAmount !== null) return { row, order, payment };
    const [lines, returning, earlier] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id),
      tx.select().from(returnLines).where(eq(returnLines.returnId, row.id)),
      // The order's other returns whose refund was fixed (given back, or being given back).
      tx
        .select({ id: returnRequests.id, amount: returnRequests.refundAmount, shipping: returnRequests.shippingRefund })
        .from(returnRequests)
        .where(and(eq(returnRequests.orderId, order.id), ne(returnRequests.id, row.id), isNotNull(returnRequests.refundAmount))),
    ]);
    const earlierUnits = earlier.length
      ? await tx
          .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
          .from(returnLines)
          .where(
            inArray(
              returnLines.returnId,
              earlier.map((e) => e.id),
            ),
          )
          .groupBy(returnLines.orderLineId)
      : [];
    const refundedBefore = earlier.reduce((sum, e) => sum + (e.amount ?? 0), 0);
    const shippingGiven = earlier.some((e) => e.shipping !== null);
    const refund = refundFor({
      lines: lines.map((l) => ({ id: l.id, quantity: l.quantity, total: l.total ?? 0 })),
      goodsPaid: order.totals.subtotalPrice,
      shipping: order.totals.totalShippingPrice,
      withShipping: Boolean(input.refundShipping) && !shippingGiven,
      returning: new Map(returning.map((l) => [l.orderLineId, l.quantity])),
      refundedBefore: new Map(earlierUnits.map((u) => [u.lineId, Number(u.units)])),
      left: payment.amount - refundedBefore,
    });
    const note = input.note?.trim();
    const [fixed] = await tx
      .update(returnRequests)
      .set({
        refundAmount: refund.amount,
        shippingRefund: refund.shipping > 0 ? refund.shipping : null,
        updatedAt: deps.now(),
        ...(note ? { note } : {}),
      })
      .where(and(eq(returnRequests.id, row.id), eq(returnRequests.status, 'received'), isNull(returnRequests.refundAmount)))
      .returning();
    return { row: fixed!, order, payment };
  });
}

/** The provider that took the payment, even when the merchant has turned its method off since. */
async function providerOfPayment(db: Db, deps: MoveDeps, payment: PaymentRow): Promise<Provider> {
  const [method] = await db
    .select({ provider: paymentMethods.provider })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, payment.method));
  const provider = method && deps.providerOf(method.provider);
  if (!provider) throw new ShopError('refundFailed', `The provider of ${payment.method} is not available: try again later.`);
  return provider;
}

async function refundReturn(db: Db, deps: MoveDeps, id: number, input: MoveInput): Promise<Moved> {
  const fixed = await fixRefund(db, deps, id, input);
  if ('done' in fixed) return { row: fixed.done, changed: false };
  const { row, order, payment } = fixed;
  const amount = row.refundAmount ?? 0;
  // Step 2, outside any transaction. Nothing to give back (a free gift) asks no provider.
  if (amount > 0) {
    const provider = await providerOfPayment(db, deps, payment);
    try {
      await provider.refund(payment.providerReference!, amount, returnRefundKey(row.id, payment));
    } catch (error) {
      deps.log?.(`the refund of return ${row.id} (order ${order.number}) failed at ${provider.id}`, error);
      throw new ShopError('refundFailed', 'The payment provider did not make the refund: try again.');
    }
  }
  // Step 3.
  const now = deps.now();
  const moved = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(returnRequests)
      .set({ status: 'refunded', refundedAt: now, updatedAt: now })
      .where(and(eq(returnRequests.id, row.id), eq(returnRequests.status, 'received')))
      .returning();
    if (!done) return undefined;
    const [given] = await tx
      .select({ sum: sql<number>`coalesce(sum(${returnRequests.refundAmount}), 0)::int` })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, order.id), eq(returnRequests.status, 'refunded')));
    if (Number(given?.sum ?? 0) >= payment.amount) {
      await tx
        .update(orders)
        .set({ status: 'refunded' })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')));
    }
    return done;
  });
  if (moved) return { row: moved, changed: true };
  // Another call finished it meanwhile.
  const current = await findReturn(db, id);
  if (current.status === 'refunded') return { row: current, changed: false };
  throw moveRefused(current, 'refunded');
}
