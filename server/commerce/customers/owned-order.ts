// Which orders are a customer's (issue 25): those customer_orders links to the account (placed while
// signed in, or claimed with a proof of their email), and the offers' orders added to one of them (an
// upsell is the main order's buyer's). Anything else, another customer's order included, is "no such
// order": the same answer as an id that names nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { customerOrders } from '../../db/customer-schema';
import { orders } from '../../db/order-schema';
import { isId } from '../ids';
import { ShopError } from '../errors';
import type { OrderRow } from '../orders/rows';

/** The condition "the order is the customer's", on `orders`. */
export const ownedBy = (customerId: number) =>
  sql`exists (select 1 from ${customerOrders} co where co.customer_id = ${customerId}
        and co.order_id in (${orders.id}, ${orders.parentOrderId}))`;

export const noSuchOrder = () => new ShopError('orderNotFound', 'There is no such order.');

/** The customer's order of this id (locked for update when asked, inside the caller's transaction); 5010 otherwise. */
export async function ownedOrder(
  db: Executor,
  customerId: number,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<OrderRow> {
  if (!isId(orderId)) throw noSuchOrder();
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(customerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw noSuchOrder();
  return row;
}
