// The touches written on an order when it is placed (place-order.ts) and on an offer's order (its main
// order's, show-offer.ts), inside the transaction that writes the order: what the order records is a
// copy, so later campaign visits of the same visitor never change it.
import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { orderTouches, visitorTouches } from '../../db/attribution-schema';
import type { TimedTouch } from './campaign-touch';
import { mergeTouches, type Touches } from './touch-rules';

type VisitorRow = typeof visitorTouches.$inferSelect;

const touchesOf = (row: VisitorRow): Touches => ({
  first: {
    source: row.firstSource,
    medium: row.firstMedium,
    campaign: row.firstCampaign,
    term: row.firstTerm,
    content: row.firstContent,
    landingPath: row.firstLandingPath,
    at: row.firstAt,
  },
  last: {
    source: row.lastSource,
    medium: row.lastMedium,
    campaign: row.lastCampaign,
    term: row.lastTerm,
    content: row.lastContent,
    landingPath: row.lastLandingPath,
    at: row.lastAt,
  },
});

const orderRow = (orderId: number, touch: 'first' | 'last', t: TimedTouch) => ({
  orderId,
  touch,
  source: t.source,
  medium: t.medium,
  campaign: t.campaign,
  term: t.term,
  content: t.content,
  landingPath: t.landingPath,
  touchedAt: t.at,
});

/**
 * Writes on a new order the touches of its buyer: the visitor's, and the signed-in customer's from their
 * other devices (touch-rules.ts). None: nothing is written, and the report shows the order as direct.
 */
export async function stampOrderTouches(
  tx: Executor,
  orderId: number,
  buyer: { visitorId: string | null; customerId?: number | null },
): Promise<void> {
  const who = [
    buyer.visitorId ? eq(visitorTouches.visitorId, buyer.visitorId) : undefined,
    buyer.customerId ? eq(visitorTouches.customerId, buyer.customerId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (!who.length) return;
  const rows = await tx
    .select()
    .from(visitorTouches)
    .where(or(...who));
  const merged = mergeTouches(rows.map(touchesOf));
  if (!merged) return;
  await tx
    .insert(orderTouches)
    .values([orderRow(orderId, 'first', merged.first), orderRow(orderId, 'last', merged.last)])
    .onConflictDoNothing();
}

/** An offer's order (upsell, downsell) records what its main order recorded. */
export async function copyOrderTouches(tx: Executor, fromOrderId: number, toOrderId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${orderTouches} (order_id, touch, source, medium, campaign, term, content, landing_path, touched_at)
    select ${toOrderId}, touch, source, medium, campaign, term, content, landing_path, touched_at
    from ${orderTouches} where order_id = ${fromOrderId}
    on conflict do nothing`);
}
