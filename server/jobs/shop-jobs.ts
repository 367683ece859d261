// The jobs the shop runs on a timer (server/main.ts starts them with startJobs; tests run them by hand).
import type { Translator } from '../../renderer/i18n/translator';
import type { Commerce } from '../commerce';
import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { Payments } from '../payments/registry';
import { recoverAbandonedCheckouts } from './recover-abandoned';
import { RECONCILE_EVERY_MS, reconcilePayments } from './reconcile-payments';
import type { Job } from './schedule';

/** How often the outbox of server purchase events is looked at: a purchase reaches the platform within seconds. */
export const SEND_PURCHASE_EVENTS_EVERY_MS = 5_000;

export function shopJobs(deps: {
  db: Db;
  commerce: Commerce;
  payments: Payments;
  /** None: no reminders are sent. */
  mailer?: Mailer;
  /** How long a checkout with an email stays untouched before its one reminder goes out. */
  checkoutReminderAfterMs?: number;
  publicUrl: string;
  translatorFor: (locale: string) => Translator;
  /** How long a signed request's nonce is kept (server/api/payment-signature.ts). */
  nonceKeepMs: number;
  log: (message: string, error?: unknown) => void;
}): Job[] {
  const { db, commerce, payments, mailer, log } = deps;
  const jobs: Job[] = [
    // Unpaid orders never hold stock for long: a card order has 30 minutes to be paid.
    // An offer shown and left unanswered (the tab closed) holds its stock until its window ends: its order
    // expires with it, and the offer is recorded expired. The main order was paid and confirmed already.
    {
      name: 'expire unpaid orders',
      everyMs: 60_000,
      run: async (now) => [await commerce.orders.expireUnpaid(now), await commerce.offers.expireOffers(now)],
    },
    // Money the shop no longer wants (a late payment of a canceled, replaced or expired order) is given back
    // even when the return and the webhook that would have said so never came.
    {
      name: 'reconcile payments',
      everyMs: RECONCILE_EVERY_MS,
      run: (now) => reconcilePayments(db, { provider: payments.provider, now, log }),
    },
    // Server purchase events (docs/payments.md#server-side-purchase-events): the outbox's due rows, each
    // claimed by one runner of one process, sent once, retried with backoff.
    {
      name: 'send purchase events',
      everyMs: SEND_PURCHASE_EVENTS_EVERY_MS,
      run: (now) => commerce.purchaseEvents.sendDue({ now }),
    },
    {
      name: 'forget old payment keys',
      everyMs: 10 * 60_000,
      run: async (now) => [
        await commerce.paymentRequests.forgetOldNonces(now, deps.nonceKeepMs),
        await commerce.paymentRequests.idempotencyKeys.forgetOld(now),
      ],
    },
    // Sessions that can no longer be used, proofs of email used or expired, and failed sign-ins older than
    // their window: nothing reads them any more, and a customer's data is kept no longer than needed.
    {
      name: 'forget ended sessions and old sign-in records',
      everyMs: 60 * 60_000,
      run: async () => [
        await commerce.customers.sessions.sweep(),
        await commerce.customers.proofs.sweep(),
        await commerce.customers.limits.sweep(),
        await commerce.passwordGate.sweep(),
        // The forms' counts past their window and proof-of-work challenges past their expiry.
        await commerce.forms.guard.sweep(),
      ],
    },
  ];
  if (mailer) {
    jobs.push({
      name: 'remind abandoned checkouts',
      everyMs: 5 * 60_000,
      run: async (now) =>
        recoverAbandonedCheckouts(db, {
          mailer,
          now,
          abandonedAfterMs: deps.checkoutReminderAfterMs,
          publicUrl: deps.publicUrl,
          translatorFor: deps.translatorFor,
          shopName: (await commerce.site.get()).name,
          log,
        }),
    });
  }
  return jobs;
}
