// Where an order is (spec section 2: order tracking by tracking number; carrier data may be delayed 3–5
// days): its fulfillment events, newest first, found by the carrier's tracking number or by the order's
// token (never by its number, which can be guessed).
import { desc, eq } from 'drizzle-orm';
import type { Tracking } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { fulfillmentEvents, orders } from '../../db/schema';
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
