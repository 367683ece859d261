// The seed step of the demo orders' tracking: their tokens, tracking numbers and fulfillment events.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fulfillmentEvents, orders } from './order-schema';
import type { SeedStep } from './seed-fixtures';

/** Tracking of the first demo orders (tokens, tracking numbers, fulfillment events), for order tracking. */
export const trackingStep: SeedStep = {
  mark: 'seeded:tracking',
  async run(tx, fixtures, now) {
    const demo = await tx
      .select({ id: orders.id })
      .from(orders)
      .orderBy(orders.id)
      .limit(fixtures.tracking.length + 10);
    for (const t of fixtures.tracking) {
      const order = demo[t.order - 1];
      if (!order) throw new Error(`fixtures: tracking names order ${t.order}, which orders.json does not have`);
      await tx
        .update(orders)
        .set({
          token: randomBytes(16).toString('hex'),
          trackingNumber: t.trackingNumber,
          carrier: t.carrier,
          fulfillmentStatus: t.fulfillmentStatus,
          email: t.email,
        })
        .where(eq(orders.id, order.id));
      await tx.insert(fulfillmentEvents).values(
        t.events.map((e) => ({
          orderId: order.id,
          status: e.status,
          description: e.description,
          location: e.location,
          happenedAt: new Date(now.getTime() - e.hoursAgo * 3_600_000),
        })),
      );
    }
  },
};
