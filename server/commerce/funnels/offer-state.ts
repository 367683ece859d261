// The state of a one-click offer, changed only under its lock (the lock order is written at the top of
// offers.ts): the offer's row and its order's are locked, in that order, and what happened to the order
// elsewhere is settled first (paid on a bank's page or by a claimant that did not get to record it: the
// offer is accepted; let go by the order-expiry job: the offer is expired). Each move to an answer
// records its funnel event in the same transaction, so an offer has one outcome and one event.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/connect';
import { funnelEvents, funnelOffers } from '../../db/funnel-schema';
import { orders } from '../../db/order-schema';
import { cancelPendingOrder } from '../orders/release-orders';
import type { OrderRow } from '../orders/place-order';
import type { FunnelEvent } from './funnel-events';
import { pathAfterOffer } from './offer-source';

export { pathAfterOffer };

export type OfferRow = typeof funnelOffers.$inferSelect;

/**
 * How long a claim (`accepting`) is its claimant's: the provider's charge ends well within it. After it
 * another answer may take the offer over (an accept charges with the same idempotency key, so the
 * provider answers what the first charge did and charges once; a decline lets the order go).
 */
export const CLAIM_MS = 2 * 60_000;
/** How long a claimed offer's order is kept from the order-expiry job: past the claim, with room to spare. */
export const CLAIM_HOLD_MS = 2 * CLAIM_MS;

export interface LockedOffer {
  row: OfferRow;
  /** The offer's own order (null for an offer skipped, which has none). */
  order: OrderRow | null;
}

/** Whether another answer holds the offer: a claim younger than CLAIM_MS. */
export const claimedNow = (row: OfferRow, now = new Date()) =>
  row.status === 'accepting' && row.answeredAt !== null && now.getTime() - row.answeredAt.getTime() < CLAIM_MS;

/** Locks the offer, then its order (FOR UPDATE, in that order); null when no offer has this id. */
export async function lockOffer(tx: Executor, id: string): Promise<LockedOffer | null> {
  const [row] = await tx.select().from(funnelOffers).where(eq(funnelOffers.token, id)).for('update');
  if (!row) return null;
  const [order] = row.orderId ? await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update') : [];
  return { row, order: order ?? null };
}

/**
 * The funnel event of an answer, from the offer's order (a copy of the main order's visitor and variant);
 * null for a checkout trigger's offer (its figures are counted from the offers themselves).
 */
export function answerEvent(row: OfferRow, order: OrderRow, type: 'UpsellYes' | 'UpsellNo'): FunnelEvent | null {
  if (row.funnelId === null) return null;
  return {
    funnelId: row.funnelId,
    stepId: row.stepId,
    variant: order.variant,
    visitorId: order.visitorId ?? '',
    type,
    // A yes names the order it bought and its money; a no, the main order it followed.
    orderId: type === 'UpsellYes' ? order.id : order.parentOrderId,
    amountBase: type === 'UpsellYes' ? order.totalBase : null,
  };
}

/** Moves the locked offer to an answer; for accepted and declined, its event is recorded with it. */
export async function moveOffer(
  tx: Executor,
  locked: LockedOffer,
  status: 'accepted' | 'declined' | 'expired',
  next: string | null,
  now: Date,
): Promise<{ row: OfferRow; event: FunnelEvent | null }> {
  const [row] = await tx
    .update(funnelOffers)
    .set({ status, next, answeredAt: now })
    .where(eq(funnelOffers.token, locked.row.token))
    .returning();
  const type = status === 'accepted' ? 'UpsellYes' : status === 'declined' ? 'UpsellNo' : null;
  const event = type && locked.order ? answerEvent(locked.row, locked.order, type) : null;
  if (event) await tx.insert(funnelEvents).values({ ...event, variant: event.variant ?? null });
  return { row: row!, event };
}

/**
 * Settles a locked offer with what became of its order: paid → accepted; let go (expired or canceled) →
 * expired; with `late`, an offer shown past its window → expired, its order let go (stock back once: only a
 * pending order is released, in one conditional statement). `mainToken` names where the buyer goes (null:
 * worked out when the offer is next read). A claim still charging is left alone.
 */
export async function settleOffer(
  tx: Executor,
  locked: LockedOffer,
  mainToken: string | null,
  now: Date,
  late: boolean,
): Promise<{ row: OfferRow; event: FunnelEvent | null }> {
  const { row, order } = locked;
  const unanswered = row.status === 'shown' || row.status === 'accepting';
  if (!unanswered || !order) return { row, event: null };
  if (order.status === 'paid') {
    const next = order.funnelNext ?? (mainToken ? await pathAfterOffer(tx, row, mainToken, 'next') : null);
    return moveOffer(tx, locked, 'accepted', next, now);
  }
  const declineNext = async () => (mainToken ? await pathAfterOffer(tx, row, mainToken, 'onDecline') : null);
  if (order.status !== 'pending') return moveOffer(tx, locked, 'expired', await declineNext(), now);
  if (late && row.status === 'shown' && row.expiresAt <= now) {
    const moved = await moveOffer(tx, locked, 'expired', await declineNext(), now);
    await cancelPendingOrder(tx, order.id);
    return moved;
  }
  return { row, event: null };
}

/**
 * The job: offers whose window closed unanswered are expired and their orders let go, and claims left
 * by a process that stopped are settled by their order. Offers locked by an answer at that moment are
 * skipped (the answer settles them). Locks: the offers by token, then their orders by id, then the
 * SKUs they hold by id, so two runs at once (or a run and an answer) never wait on each other in a circle.
 */
export async function expireDueOffers(db: Db, now: Date): Promise<{ expired: number; events: FunnelEvent[] }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(funnelOffers)
      .where(
        or(
          and(eq(funnelOffers.status, 'shown'), lt(funnelOffers.expiresAt, now)),
          and(eq(funnelOffers.status, 'accepting'), lt(funnelOffers.answeredAt, new Date(now.getTime() - CLAIM_MS))),
        ),
      )
      .orderBy(asc(funnelOffers.token))
      .for('update', { skipLocked: true });
    if (!due.length) return { expired: 0, events: [] };
    const orderIds = [...new Set(due.flatMap((r) => (r.orderId ? [r.orderId] : [])))].sort((a, b) => a - b);
    const held = orderIds.length
      ? await tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update')
      : [];
    const pending = held.filter((o) => o.status === 'pending').map((o) => o.id);
    if (pending.length)
      await queryRows(
        tx,
        sql`select s.id from skus s where s.id in (select sku_id from order_lines where order_id in (${sql.join(
          pending.map((id) => sql`${id}`),
          sql`, `,
        )})) order by s.id for no key update`,
      );
    const byId = new Map(held.map((o) => [o.id, o]));
    let expired = 0;
    const events: FunnelEvent[] = [];
    for (const row of due) {
      const settled = await settleOffer(
        tx,
        { row, order: row.orderId ? (byId.get(row.orderId) ?? null) : null },
        null,
        now,
        true,
      );
      if (settled.row.status === 'expired') expired++;
      if (settled.event) events.push(settled.event);
    }
    return { expired, events };
  });
}
