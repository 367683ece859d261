// The payment reconciliation job (issue 22): run every few minutes by every server process
// (server/jobs/schedule.ts). It finds the payments the shop no longer wants that may still hold money (a
// payment waiting, or succeeded, for an order that expired or was canceled or replaced; one waiting for an
// order another payment paid), closes each at its provider, and gives back what the provider says it took
// (server/commerce/orders/unwanted-payments.ts). Safe with several processes at once: a payment is claimed
// by one conditional statement (`for update skip locked`, then stamped), and its refund carries one
// idempotency key per payment, so the provider gives back once whoever asks.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { paymentMethods } from '../db/payment-schema';
import type { Provider } from '../payments/provider';
import { claimUnwantedPayments, reconcilePayment } from '../commerce/orders/unwanted-payments';

/** How often the job runs. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/**
 * How long a payment is left alone after its last change before the job looks at it: the shopper's
 * return, the provider's webhook and the order's release settle it as it happens; the job is for what they
 * missed. A payment its provider still has (a bank's) is asked again after as long.
 */
export const RECONCILE_QUIET_MS = 10 * 60_000;

export interface ReconcileOptions {
  /** A provider by its id (server/payments/registry.ts). */
  provider(id: string): Provider | undefined;
  now?: Date;
  quietMs?: number;
  /** How many payments one run handles at most (the next run takes the rest). */
  batch?: number;
  log?: (message: string, error?: unknown) => void;
}

/** Closes and gives back the unwanted payments due now; answers how many were given back. */
export async function reconcilePayments(db: Db, options: ReconcileOptions): Promise<number> {
  const now = options.now ?? new Date();
  const log = options.log ?? ((message, error) => console.error(message, error));
  const claimed = await claimUnwantedPayments(db, {
    now,
    quietMs: options.quietMs ?? RECONCILE_QUIET_MS,
    limit: options.batch ?? 50,
  });
  let refunded = 0;
  for (const payment of claimed) {
    try {
      // The method's provider, even when the merchant has turned the method off since: its money still
      // has to come back.
      const [method] = await db
        .select({ provider: paymentMethods.provider })
        .from(paymentMethods)
        .where(eq(paymentMethods.code, payment.method));
      const provider = method && options.provider(method.provider);
      if (!provider) throw new Error(`no provider serves the method ${payment.method}`);
      if ((await reconcilePayment(db, provider, payment, now)).status === 'refunded') refunded++;
    } catch (error) {
      log(`the payment ${payment.id} could not be reconciled with its provider (the job tries again)`, error);
    }
  }
  return refunded;
}
