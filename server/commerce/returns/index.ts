// Returns (issue 25): a customer asks to return items of their order, the merchant moves the request and
// gives the money back through the order's payment. One operation per file, composed here.
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { MerchantReturn, NewReturnRequest, ReturnRequest, ReturnsQuery } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { customers, returnRequests } from '../../db/customer-schema';
import { orders } from '../../db/order-schema';
import { ownedOrder } from '../customers/owned-order';
import { isId } from '../ids';
import { notFound } from '../errors';
import { moveReturn, takenPayment, type MoveDeps, type MoveInput } from './move-return';
import { returnsOfOrder, returnViews, type ReturnRow } from './read-returns';
import { requestReturn } from './request-return';
import type { SendReturnMail } from './return-status-mail';

export interface ReturnsOptions {
  providerOf: MoveDeps['providerOf'];
  /** Hands the customer's mail to the app when a return moves. */
  mail: SendReturnMail;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export function createReturns(db: Db, options: ReturnsOptions) {
  const now = options.now ?? (() => new Date());
  const deps: MoveDeps = { providerOf: options.providerOf, now, log: options.log };

  const view = async (row: ReturnRow) => (await returnViews(db, [row]))[0]!;

  /** What the merchant sees of returns: each with its order's email, what its payment took and gave back before. */
  const merchantViews = async (rows: ReturnRow[]): Promise<MerchantReturn[]> => {
    const views = await returnViews(db, rows);
    return Promise.all(
      rows.map(async (row, i) => {
        const [[order], payment, [before]] = await Promise.all([
          db.select({ email: orders.email, currencyCode: orders.currencyCode }).from(orders).where(eq(orders.id, row.orderId)),
          takenPayment(db, row.orderId),
          db
            .select({ sum: sql<number>`coalesce(sum(${returnRequests.refundAmount}), 0)::int` })
            .from(returnRequests)
            .where(
              and(
                eq(returnRequests.orderId, row.orderId),
                isNotNull(returnRequests.refundAmount),
                sql`${returnRequests.id} <> ${row.id}`,
              ),
            ),
        ]);
        const currencyCode = order?.currencyCode ?? 'USD';
        return {
          return: views[i]!,
          email: order?.email ?? '',
          paid: { amount: payment?.amount ?? 0, currencyCode },
          refundedBefore: { amount: Number(before?.sum ?? 0), currencyCode },
        };
      }),
    );
  };

  /** The mail of a move, in the customer's language (the order's, when the account is gone). */
  const mailMove = async (row: ReturnRow, returned: ReturnRequest) => {
    if (row.status === 'requested') return;
    const [[order], [customer]] = await Promise.all([
      db.select().from(orders).where(eq(orders.id, row.orderId)),
      row.customerId === null ? [] : db.select().from(customers).where(eq(customers.id, row.customerId)),
    ]);
    const to = customer?.email ?? order?.email;
    if (!order || !to) return;
    options.mail({
      kind: 'returnStatus',
      to,
      locale: customer?.locale ?? order.locale,
      firstName: customer?.firstName ?? order.shippingAddress?.firstName ?? '',
      orderNumber: order.number ?? '',
      orderId: order.parentOrderId ?? order.id,
      status: row.status,
      note: row.note,
      refund: returned.refund,
    });
  };

  return {
    /** A customer's request for their order (5010 for an order that is not theirs). */
    async request(customerId: number, orderId: number, input: NewReturnRequest): Promise<ReturnRequest> {
      return view(await requestReturn(db, customerId, orderId, input, now()));
    },

    /** The returns of a customer's order, newest first (5010 for an order that is not theirs). */
    async ofOrder(customerId: number, orderId: number): Promise<ReturnRequest[]> {
      const order = await ownedOrder(db, customerId, orderId);
      return returnsOfOrder(db, order.id);
    },

    /** The merchant's list: returns in a status (all unless told), newest first. */
    async list(query: ReturnsQuery): Promise<{ returns: MerchantReturn[]; total: number }> {
      const page = query.page ?? 1;
      const size = query.pageSize ?? 10;
      const where = query.status ? eq(returnRequests.status, query.status) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(returnRequests)
          .where(where)
          .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(returnRequests).where(where),
      ]);
      return { returns: await merchantViews(rows), total: counted?.n ?? 0 };
    },

    async get(id: number): Promise<MerchantReturn> {
      const [row] = isId(id) ? await db.select().from(returnRequests).where(eq(returnRequests.id, id)) : [];
      if (!row) throw notFound('There is no such return.');
      return (await merchantViews([row]))[0]!;
    },

    /** The merchant moves a return; the customer is mailed when it moved. */
    async move(id: number, input: MoveInput): Promise<MerchantReturn> {
      if (!isId(id)) throw notFound('There is no such return.');
      const { row, changed } = await moveReturn(db, deps, id, input);
      const [shown] = await merchantViews([row]);
      if (changed) await mailMove(row, shown!.return);
      return shown!;
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
