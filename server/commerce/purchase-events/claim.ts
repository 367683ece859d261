// Claims of outbox rows (safe with any number of runners, in any number of processes): due rows are
// picked with FOR UPDATE SKIP LOCKED, so two runners never wait on or take the same row, and the same
// statement moves each row's next attempt past the claim's lease and names its runner. A runner that
// dies mid-send leaves its rows to be claimed again when the lease ends; only the runner of a row's
// latest claim may record that attempt's result, and a row sent is never claimed again.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { serverEventOutbox, type ServerEventPayload } from '../../db/purchase-events-schema';
import { afterFailure } from './backoff';

/** Longer than a send may take (SEND_TIMEOUT_MS): a claim is not taken over while its send may still land. */
export const CLAIM_LEASE_MS = 60_000;

export interface ClaimedEvent {
  id: number;
  orderId: number;
  eventId: string;
  platform: string;
  payload: ServerEventPayload;
  /** This attempt's number, from 1. */
  attempts: number;
}

export async function claimDue(
  db: Db,
  options: { runner: string; now: Date; batch: number; leaseMs?: number },
): Promise<ClaimedEvent[]> {
  const { now, runner, batch } = options;
  const until = new Date(now.getTime() + (options.leaseMs ?? CLAIM_LEASE_MS)).toISOString();
  return queryRows<ClaimedEvent>(
    db,
    // The due rows are picked once (a materialized CTE): as a subquery of the UPDATE, PostgreSQL may run
    // the pick again per row, and the rows this statement already moved would be skipped, not counted,
    // so the LIMIT would let every due row through.
    sql`with due as materialized (
          select id from ${serverEventOutbox}
          where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at, id limit ${batch}
          for update skip locked)
        update ${serverEventOutbox} o set attempts = o.attempts + 1, next_attempt_at = ${until}::timestamptz, claimed_by = ${runner}
        from due where o.id = due.id and o.status = 'pending'
        returning o.id, o.order_id as "orderId", o.event_id as "eventId", o.platform, o.payload, o.attempts`,
  );
}

const mine = (event: ClaimedEvent, runner: string) =>
  and(eq(serverEventOutbox.id, event.id), eq(serverEventOutbox.claimedBy, runner), eq(serverEventOutbox.status, 'pending'));

/** The platform took the event: sent, never claimed again. False when the claim was lost meanwhile. */
export async function markSent(db: Db, event: ClaimedEvent, runner: string, response: unknown, now: Date): Promise<boolean> {
  const rows = await db
    .update(serverEventOutbox)
    .set({ status: 'sent', sentAt: now, response: response ?? null, lastError: null })
    .where(mine(event, runner))
    .returning({ id: serverEventOutbox.id });
  return rows.length > 0;
}

/** The attempt failed: tried again later (backoff), or given up after the last attempt or a permanent refusal. */
export async function markFailed(
  db: Db,
  event: ClaimedEvent,
  runner: string,
  failure: { error: string; response?: unknown; permanent?: boolean },
  now: Date,
): Promise<'pending' | 'failed' | 'lost'> {
  const next = afterFailure(event.attempts, now, failure.permanent);
  const rows = await db
    .update(serverEventOutbox)
    .set({
      // Let go: a row waiting for its retry is claimed by nobody (sendFbPurchaseEvent may bring it forward).
      claimedBy: null,
      lastError: failure.error.slice(0, 1000),
      response: failure.response ?? null,
      ...(next.status === 'failed' ? { status: 'failed' as const } : { nextAttemptAt: next.at }),
    })
    .where(mine(event, runner))
    .returning({ id: serverEventOutbox.id });
  return rows.length ? next.status : 'lost';
}
