// A payment the shop no longer wants is closed at its provider (issue 22): when its order is canceled,
// replaced by a new order (its checkout changed), or expires, the provider is told to stop waiting, so a
// page of it left open in another tab (3-D Secure, the wallet's approval, the bank's page, the pay-later
// plan) can no longer take the money. Then the provider is asked how the payment stands and that is
// recorded (settle-payment.ts): one that completed before it could be stopped is given back
// (refund-unwanted.ts), one that can no longer be stopped (a bank that has it) is given back when it ends.
//
// Called after the transaction that released the order commits: a provider call never holds the
// database. A process that stops on the way leaves the payment waiting for an order that is over, which
// the reconciliation job (server/jobs/reconcile-payments.ts) closes.
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payments } from '../../db/payment-schema';
import type { PaymentResult, Provider } from '../../payments/provider';
import { providerOf, type PaymentLookup } from './latest-payment';
import { settlePayment, WAITING, type PaymentRow, type Settled } from './settle-payment';

/** Tells the provider to stop waiting for a payment, then asks how it stands (it may have completed first). */
export async function stopAtProvider(provider: Provider, reference: string): Promise<PaymentResult> {
  await provider.cancel?.(reference);
  return provider.retrieve(reference);
}

/** Stops a payment at its provider, then records how it stands (given back if it succeeded meanwhile). */
export async function closePayment(db: Db, provider: Provider, payment: PaymentRow, now = new Date()): Promise<Settled> {
  return settlePayment(db, provider, payment, await stopAtProvider(provider, payment.providerReference!), now);
}

/**
 * Closes every waiting payment of orders the shop let go of; a payment its provider cannot be asked about
 * now is left to the reconciliation job (and logged).
 */
export async function closePaymentsOf(
  db: Db,
  lookup: PaymentLookup,
  orderIds: number[],
  log: (message: string, error?: unknown) => void = () => {},
): Promise<void> {
  if (!orderIds.length) return;
  const waiting = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.status, [...WAITING])));
  for (const payment of waiting) {
    try {
      await closePayment(db, await providerOf(lookup, payment), payment);
    } catch (error) {
      log(
        `the payment ${payment.id} of a released order could not be closed at its provider (the reconciliation job tries again)`,
        error,
      );
    }
  }
}
