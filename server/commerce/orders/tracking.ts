// Where an order is (spec section 2: order tracking by tracking number; carrier data may be delayed 3–5
// days): its fulfillment events, newest first, found by the carrier's tracking number, by the order's
// token, or by the order's number together with its email (never by the number alone, which can be guessed).
import { and, desc, eq, sql } from 'drizzle-orm';
import { email as emailProblem } from '../../../schemas/checkout-rules';
import type { Tracking } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { fulfillmentEvents, orders } from '../../db/order-schema';
import { ShopError } from '../errors';
import { findOrder } from './read-order';
import type { OrderRow } from './place-order';

/** Tracking numbers are letters and digits (carriers differ in length). */
const TRACKING_NUMBER = /^[A-Za-z0-9]{6,40}$/;

async function trackingOfRow(db: Db, row: OrderRow, locale: string): Promise<Tracking> {
  const events = await db
    .select()
    .from(fulfillmentEvents)
    .where(eq(fulfillmentEvents.orderId, row.id))
    .orderBy(desc(fulfillmentEvents.happenedAt), desc(fulfillmentEvents.id));
  return {
    orderNumber: row.number!,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    fulfillmentStatus: row.fulfillmentStatus,
    events: events.map((e) => ({
      status: e.status,
      description: localize(e.description, locale),
      location: e.location,
      at: e.happenedAt.toISOString(),
    })),
  };
}

export async function trackingByNumber(db: Db, trackingNumber: string, locale: string): Promise<Tracking> {
  const number = trackingNumber.trim().toUpperCase();
  const [row] = TRACKING_NUMBER.test(number) ? await db.select().from(orders).where(eq(orders.trackingNumber, number)) : [];
  if (!row) throw new ShopError('orderNotFound', 'No order has this tracking number.');
  return trackingOfRow(db, row, locale);
}

export async function trackingByToken(db: Db, token: string, locale: string): Promise<Tracking> {
  return trackingOfRow(db, await findOrder(db, token), locale);
}

/** An order number as a shopper may type it: "VG-10001", "vg 10001", "#10001" or "10001". */
const ORDER_NUMBER = /^#?\s*(?:VG[\s-]*)?(\d{1,12})$/i;

/**
 * By order number and email: both must match one order, else 5010 with the same words whether the
 * number exists or not, so nobody learns which numbers are taken (or whose they are). One query either
 * way, so the answer takes no longer for a number that exists.
 */
export async function trackingByOrder(db: Db, orderNumber: string, email: string, locale: string): Promise<Tracking> {
  if (emailProblem(email)) {
    throw new ShopError('badRequest', 'The email is not valid: /email must be a correct email address', {
      errors: [{ path: '/email', message: 'must be a correct email address' }],
    });
  }
  const digits = ORDER_NUMBER.exec(orderNumber.trim())?.[1];
  const number = digits === undefined ? null : `VG-${digits.replace(/^0+(?=\d)/, '')}`;
  const [row] = number
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.number, number), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`))
    : [];
  if (!row) throw new ShopError('orderNotFound', 'No order has this number and email.');
  return trackingOfRow(db, row, locale);
}
