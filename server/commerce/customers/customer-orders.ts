// The signed-in customer's orders (issue 25; spec section 7 "Customer": GET api/customer/orders and
// api/customer/orders/{orderId}): the orders placed while signed in and the guest orders claimed with a
// proof of their email address, newest first; one of them as its thank-you page shows it, with its returns.
//
// Claiming guest orders. A guest order (one no account holds) placed with an email address joins the
// account only once the account has proven it reads that address: its own address (proven by the
// activation link, or by the link confirming a change of address; a pending account claims nothing), or
// another one with the six-digit code mailed to it. Registering with someone else's address therefore
// never shows or links their orders. A claim is one statement per address: customer_orders.order_id is
// the primary key, so two claims at once (two tabs, two accounts) link an order once, to one account.
// Only main orders are linked: an offer's order follows its main order (owned-order.ts); only pending,
// paid and refunded ones (an expired order was never paid; a canceled one was replaced by another).
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CustomerOrder, CustomerOrderPage, CustomerOrdersQuery, Order } from '../../../schemas/generated/api';
import { queryRows, type Db } from '../../db/connect';
import { customerOrders, customers, returnRequests } from '../../db/customer-schema';
import { orderLines, orders } from '../../db/order-schema';
import { ShopError } from '../errors';
import type { OrderRow } from '../orders/rows';
import { heldUnits, returnsOfOrder } from '../returns/read-returns';
import { orderReturnable } from '../returns/return-rules';
import type { SendAccountMail } from './account-mail';
import { emailKey } from '../email-key';
import type { EmailProofs } from './email-proofs';
import { ownedBy, ownedOrder } from './owned-order';

/** The payment statuses of the orders a customer's list shows and a claim takes. */
export const LISTED_STATUSES = ['pending', 'paid', 'refunded'] as const;

export interface CustomerOrdersDeps {
  proofs: EmailProofs;
  mail: SendAccountMail;
  /** An order as its thank-you page shows it (orders/read-order.ts), named in `locale`. */
  readOrder: (row: OrderRow, locale: string) => Promise<Order>;
  now?: () => Date;
}

/** Guest orders of an address: main orders no account holds, placed with it. */
const guestOrdersOf = (key: string) => sql`
  ${orders.parentOrderId} is null
  and ${orders.email} is not null and lower(trim(${orders.email})) = ${key}
  and ${orders.status} in ('pending', 'paid', 'refunded')
  and not exists (select 1 from ${customerOrders} co where co.order_id = ${orders.id})`;

export function createCustomerOrders(db: Db, deps: CustomerOrdersDeps) {
  const now = deps.now ?? (() => new Date());

  /** The account, if it is active (its own email proven); undefined otherwise. */
  const activeAccount = async (customerId: number) => {
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
    return row?.state === 'active' ? row : undefined;
  };

  /** Links the guest orders of an (already proven) address to the account: how many joined now. */
  const link = async (customerId: number, key: string): Promise<number> => {
    const linked = await queryRows<{ order_id: number }>(
      db,
      sql`insert into ${customerOrders} (order_id, customer_id, how, created_at)
          select ${orders.id}, ${customerId}::int, 'claimed', ${now().toISOString()}::timestamptz from ${orders} where ${guestOrdersOf(key)}
          on conflict (order_id) do nothing
          returning order_id`,
    );
    return linked.length;
  };

  const listed = (customerId: number) =>
    and(
      eq(customerOrders.customerId, customerId),
      isNull(orders.parentOrderId),
      inArray(orders.status, [...LISTED_STATUSES]),
      isNotNull(orders.totals),
    );

  return {
    /** A page of the customer's orders, newest first. */
    async list(customerId: number, query: CustomerOrdersQuery): Promise<CustomerOrderPage> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 10;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            order: orders,
            items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = ${orders.id})`,
          })
          .from(customerOrders)
          .innerJoin(orders, eq(orders.id, customerOrders.orderId))
          .where(listed(customerId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: count() })
          .from(customerOrders)
          .innerJoin(orders, eq(orders.id, customerOrders.orderId))
          .where(listed(customerId)),
      ]);
      return {
        orders: rows.map(({ order, items }) => ({
          orderId: order.id,
          number: order.number!,
          token: order.token ?? '',
          createdAt: order.createdAt.toISOString(),
          status: order.status,
          fulfillmentStatus: order.fulfillmentStatus,
          total: { amount: order.totals!.totalPrice, currencyCode: order.currencyCode ?? 'USD' },
          itemCount: Number(items),
        })),
        page,
        pageSize,
        total: counted?.n ?? 0,
      };
    },

    /** One of the customer's orders with its returns (5010 when it is not theirs, exactly as when it does not exist). */
    async get(customerId: number, orderId: number, locale: string): Promise<CustomerOrder> {
      const row = await ownedOrder(db, customerId, orderId);
      const [order, lines, held, returns, refunded, offers] = await Promise.all([
        deps.readOrder(row, locale),
        db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(orderLines.id),
        heldUnits(db, row.id),
        returnsOfOrder(db, row.id),
        db
          .select({ sum: sql<number>`coalesce(sum(${returnRequests.refundAmount}), 0)::int` })
          .from(returnRequests)
          .where(and(eq(returnRequests.orderId, row.id), eq(returnRequests.status, 'refunded'))),
        db
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(and(eq(orders.parentOrderId, row.id), ownedBy(customerId))),
      ]);
      const returnable = orderReturnable(row);
      return {
        orderId: row.id,
        order,
        returnable,
        // readOrder lists the lines in this same order (by id).
        lines: lines.map((line) => {
          const returned = held.get(line.id) ?? 0;
          return {
            lineId: line.id,
            quantity: line.quantity,
            returned,
            returnable: returnable ? Math.max(0, line.quantity - returned) : 0,
          };
        }),
        returns,
        refunded: { amount: Number(refunded[0]?.sum ?? 0), currencyCode: order.currencyCode },
        offers: order.upsellOrders.flatMap((upsell) => {
          const found = offers.find((o) => o.number === upsell.number);
          return found ? [{ orderId: found.id, number: upsell.number }] : [];
        }),
      };
    },

    /** How many guest orders of the account's own (proven) address may be claimed. */
    async claimable(customerId: number): Promise<number> {
      const account = await activeAccount(customerId);
      if (!account) return 0;
      const [row] = await db.select({ n: count() }).from(orders).where(guestOrdersOf(account.emailKey));
      return row?.n ?? 0;
    },

    /** Claims the guest orders of the account's own address (idempotent: a second claim links nothing). */
    async claim(customerId: number): Promise<number> {
      const account = await activeAccount(customerId);
      return account ? link(customerId, account.emailKey) : 0;
    },

    /**
     * Mails a six-digit code to another address of the customer's. Nothing in the answer says whether the
     * address has orders, or whether the hourly limit of codes was reached.
     */
    async sendClaimCode(customerId: number, email: string): Promise<void> {
      const account = await activeAccount(customerId);
      if (!account) return;
      const code = await deps.proofs.issueCode('claim', email, customerId);
      if (code) deps.mail({ kind: 'code', to: email.trim(), locale: account.locale, firstName: account.firstName, code });
    },

    /** Claims the guest orders of another address with the code mailed to it (6003 for a wrong or used code). */
    async claimWithCode(customerId: number, email: string, code: string): Promise<number> {
      const account = await activeAccount(customerId);
      const proven = account ? await deps.proofs.useCode('claim', email, code) : undefined;
      // A code proves the address to the account it was mailed for only.
      if (!proven || proven.customerId !== customerId || proven.emailKey !== emailKey(email)) {
        throw new ShopError('linkInvalid', 'This code is wrong, used or expired: ask for a new one.');
      }
      return link(customerId, proven.emailKey);
    },
  };
}

export type CustomerOrders = ReturnType<typeof createCustomerOrders>;
