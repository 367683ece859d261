// The sender (run by the job "send server purchase events", server/jobs/shop-jobs.ts): claims the due
// outbox rows, sends each through the provider seam to the pixels its platform's app lists now, and
// records the result. Never twice: a row sent is never claimed again. A send the platform received but
// whose result was not recorded (the answer lost, the process gone before the update) is sent again
// after the claim's lease with the same event id, and the platform deduplicates it by that id, as it does
// the browser pixel's event (the local stand-in does the same: local-conversions.ts).
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { claimDue, markFailed, markSent, type ClaimedEvent } from './claim';
import { destinationsOf, isServerEventPlatform } from './platforms';
import type { ConversionsProvider, SendResult } from './provider';

/** Spec section 9: an HTTP call gives up after 15 s. */
export const SEND_TIMEOUT_MS = 15_000;

export interface SendDeps {
  provider: ConversionsProvider;
  /** The used-apps entries that are ON, read now (pixel ids and access tokens are read at send time). */
  apps: () => Promise<AppConfig[]>;
  now?: Date;
  /** How many rows one run claims at most (the next run takes the rest). */
  batch?: number;
  /** Names this run's claims (tests give two runners names). */
  runner?: string;
  leaseMs?: number;
  timeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const errorText = (result: SendResult) => {
  const error = (result.response as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : 'The platform refused the event.';
};

/** Sends the events due at `now`; answers what became of them. */
export async function sendDueEvents(db: Db, deps: SendDeps): Promise<SendReport> {
  const now = deps.now ?? new Date();
  const runner = deps.runner ?? randomUUID();
  const claimed = await claimDue(db, { runner, now, batch: deps.batch ?? 50, leaseMs: deps.leaseMs });
  const report: SendReport = { sent: 0, retried: 0, failed: 0 };
  if (!claimed.length) return report;
  const apps = await deps.apps();
  const count = (status: 'pending' | 'failed' | 'lost') => {
    if (status === 'pending') report.retried++;
    else if (status === 'failed') report.failed++;
  };
  // One at a time: a run sends a handful, and a platform that is down is not hit by a burst.
  for (const event of claimed) {
    const app = apps.find((a) => a.code === event.platform);
    const destinations = isServerEventPlatform(event.platform) ? destinationsOf(app) : [];
    if (!isServerEventPlatform(event.platform) || !destinations.length) {
      const why = app ? 'its app lists no pixel id' : 'its app is off';
      count(await markFailed(db, event, runner, { error: `Not sent: ${why}.`, permanent: true }, now));
      continue;
    }
    let result: SendResult;
    try {
      result = await withTimeout(
        deps.provider.send({ platform: event.platform, eventId: event.eventId, destinations, payload: event.payload }),
        deps.timeoutMs ?? SEND_TIMEOUT_MS,
      );
    } catch (error) {
      // No answer: the platform may have the event or not. Sent again later with the same id, it counts once.
      deps.log?.(`the ${event.platform} purchase event ${event.eventId} was not answered (attempt ${event.attempts})`, error);
      count(await markFailed(db, event, runner, { error: error instanceof Error ? error.message : String(error) }, now));
      continue;
    }
    if (result.ok) {
      if (await markSent(db, event, runner, result.response, now)) report.sent++;
      continue;
    }
    count(
      await markFailed(
        db,
        event,
        runner,
        { error: errorText(result), response: result.response, permanent: result.permanent },
        now,
      ),
    );
  }
  return report;
}

export type { ClaimedEvent };
