// The claim an accept makes before it charges (offers.ts: only the claimant charges, exactly the order's
// total as the claim fixed it), and how the claim ends: let go when the charge took no money, recorded
// accepted when it did. Each takes the locks of offer-state.ts in the lock order of offers.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/connect';
import { funnelEvents, funnelOffers } from '../../db/funnel-schema';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { OrderRow } from '../orders/place-order';
import { WAITING } from '../orders/settle-payment';
import type { FunnelEvent } from './funnel-events';
import { CLAIM_HOLD_MS, lockOffer, type OfferRow } from './offer-state';

/** An accept's claim: the order as it will be charged, the charge's idempotency key, and when it was made. */
export type Claimed = { order: OrderRow; key: string; claimedAt: Date; heldUntil: Date | null; path: OfferRow['path'] };

/**
 * The idempotency key of a claim's charge: the offer's token for the first attempt, numbered after each
 * attempt that took no money (a declined card tries again as a new payment). A claim taken over after a
 * process stopped finds the same count, so its charge has the same key (the provider charges once).
 */
export async function chargeKey(tx: Executor, row: OfferRow, orderId: number) {
  const [tried] = await queryRows<{ n: number }>(tx, sql`select ${triedSql(orderId)} as n`);
  return keyAfter(row, tried?.n ?? 0);
}

/** How many charges of an order took no money (a SQL expression). */
const triedSql = (orderId: number) =>
  sql`(select count(*)::int from ${payments} where order_id = ${orderId} and status in ('failed', 'canceled'))`;

const keyAfter = (row: OfferRow, tried: number) => (tried ? `offer:${row.token}:${tried}` : `offer:${row.token}`);

/**
 * The claim of nearly every accept, in one statement (the buyer waits on "pay now"): an offer shown and
 * still open, whose order waits at the total it was read with (`order`), no other size asked for. The
 * locks are those of inOfferLock, in its order (the offer, then its order); the offer moves to
 * `accepting` and its order is kept from the order-expiry job only if both are as read. Null: anything
 * else (another size, a claim held or left, an offer answered or past its window, a size changed
 * meanwhile), which inOfferLock's transaction decides.
 */
export async function claimAtOnce(db: Db, row: OfferRow, order: OrderRow, now: Date): Promise<Claimed | null> {
  const claimedAt = new Date();
  const holdUntil = new Date(claimedAt.getTime() + CLAIM_HOLD_MS);
  const [claimed] = await queryRows<{ tried: number; held: boolean }>(
    db,
    sql`with offer as (
          select token, order_id from ${funnelOffers}
          where token = ${row.token} and status = 'shown' and expires_at > ${now.toISOString()} for update),
        waiting as (
          select id from ${orders}
          where id = (select order_id from offer) and status = 'pending' and currency_code = ${order.currencyCode}
            and (totals->>'totalPrice')::int = ${order.totals!.totalPrice} for update),
        moved as (
          update ${funnelOffers} set status = 'accepting', answered_at = ${claimedAt.toISOString()}
          where token = (select token from offer) and exists (select 1 from waiting) returning token),
        held as (
          update ${orders} set expires_at = ${holdUntil.toISOString()}
          where id = (select id from waiting) and exists (select 1 from moved)
            and (expires_at is null or expires_at < ${holdUntil.toISOString()}) returning id)
        select ${triedSql(order.id)} as tried, exists (select 1 from held) as held
        where exists (select 1 from moved)`,
  );
  if (!claimed) return null;
  const heldUntil = claimed.held ? holdUntil : null;
  return {
    order: heldUntil ? { ...order, expiresAt: heldUntil } : order,
    key: keyAfter(row, claimed.tried),
    claimedAt,
    heldUntil,
    path: row.path,
  };
}

/** Whether a payment of the order still waits (a bank's page, a voucher): what it will charge is fixed. */
export async function paymentWaits(tx: Executor, orderId: number) {
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...WAITING])))
    .limit(1);
  return !!waiting;
}

/**
 * The claim let go (its charge took no money): the offer is shown again, its order back to the offer's
 * window. Only the claimant's own claim (taken at `claimedAt`) is let go.
 */
export async function letClaimGo(db: Db, id: string, claimedAt: Date, heldUntil: Date | null) {
  await db.transaction(async (tx) => {
    const locked = await lockOffer(tx, id);
    if (locked?.row.status !== 'accepting' || locked.row.answeredAt?.getTime() !== claimedAt.getTime()) return;
    await tx.update(funnelOffers).set({ status: 'shown', answeredAt: null }).where(eq(funnelOffers.token, id));
    if (heldUntil && locked.order?.status === 'pending' && locked.order.expiresAt?.getTime() === heldUntil.getTime())
      await tx.update(orders).set({ expiresAt: locked.row.expiresAt }).where(eq(orders.id, locked.order.id));
  });
}

/**
 * The claim's charge took the money (or was added to a voucher): the offer accepted and its UpsellYes
 * recorded, in one statement (the buyer waits on it); answers the event recorded (null: recorded before, or a
 * checkout trigger's offer, which records no funnel event). The conditional update takes the offer's lock and
 * moves it once, whoever gets there first (an answer that saw the order paid may have recorded it).
 */
export async function recordAccepted(db: Db, id: string, next: string, now: Date): Promise<FunnelEvent | null> {
  const [event] = await queryRows<FunnelEvent & { id: number }>(
    db,
    sql`with moved as (
          update ${funnelOffers} set status = 'accepted', next = ${next}, answered_at = ${now.toISOString()}
          where token = ${id} and status in ('shown', 'accepting') returning funnel_id, step_id, order_id)
        insert into ${funnelEvents} (funnel_id, step_id, variant, visitor_id, type, order_id, amount_base)
        select m.funnel_id, m.step_id, o.variant, coalesce(o.visitor_id, ''), 'UpsellYes', o.id, o.total_base
        from moved m join ${orders} o on o.id = m.order_id
        where m.funnel_id is not null
        returning id, funnel_id as "funnelId", step_id as "stepId", variant, visitor_id as "visitorId", type,
          order_id as "orderId", amount_base as "amountBase"`,
  );
  if (!event) return null;
  const { id: _id, ...recorded } = event;
  return recorded;
}
