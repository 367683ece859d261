// The merchant marks a paid order sent (issue 25: a customer returns what was sent): fulfilled (packed
// and handed to the carrier), shipped or delivered. One conditional statement: only a paid order, and
// only forward (a delivered order is never made "shipped" again by a late or repeated call).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { FULFILLMENT_STATUSES, orders, type FulfillmentStatus } from '../../db/order-schema';
import { ShopError } from '../errors';

/** An order number as people write it: `VG-10001`, `#VG-10001`, `10001`. */
const normalNumber = (number: string) => {
  const digits = /^#?\s*(?:VG-)?(\d{1,10})$/i.exec(number.trim())?.[1];
  return digits ? `VG-${digits}` : null;
};

export async function setFulfillment(
  db: Db,
  orderNumber: string,
  status: Exclude<FulfillmentStatus, 'unfulfilled'>,
): Promise<{ number: string; fulfillmentStatus: FulfillmentStatus }> {
  const number = normalNumber(orderNumber);
  const notFound = new ShopError('orderNotFound', 'There is no such order.');
  if (!number) throw notFound;
  const earlier = FULFILLMENT_STATUSES.slice(0, FULFILLMENT_STATUSES.indexOf(status));
  const [moved] = await db
    .update(orders)
    .set({ fulfillmentStatus: status })
    .where(and(eq(orders.number, number), eq(orders.status, 'paid'), inArray(orders.fulfillmentStatus, earlier)))
    .returning({ number: orders.number, fulfillmentStatus: orders.fulfillmentStatus });
  if (moved) return { number: moved.number!, fulfillmentStatus: moved.fulfillmentStatus };
  const [current] = await db
    .select({ number: orders.number, status: orders.status, fulfillmentStatus: orders.fulfillmentStatus })
    .from(orders)
    .where(sql`${orders.number} = ${number}`);
  if (!current) throw notFound;
  // Asked again, or asked for a step it has passed: answered as it stands.
  if (current.status === 'paid') return { number: current.number!, fulfillmentStatus: current.fulfillmentStatus };
  throw new ShopError('conflict', `Order ${number} is ${current.status}: only a paid order is sent.`);
}
