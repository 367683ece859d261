// A provider's webhook (verified by the provider: signature and timestamp) settles the payment it names,
// with the funnel offers added to it (a voucher paid at a store pays the main order and its add-ons).
// The same event delivered twice acts once (payment_webhooks); a webhook racing the shopper's return is
// settled by whichever comes first (settle-payment.ts).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { paymentMethods, payments, paymentWebhooks } from '../../db/payment-schema';
import type { Provider, WebhookEvent } from '../../payments/provider';
import { settlePayment, type Settled } from './settle-payment';

/**
 * One answer per payment of the reference; null when the event was seen before or names no payment of this provider: a provider's webhook is
 * verified with that provider's secret only, so it never settles another provider's payment (a test
 * bank event naming a card payment's reference would otherwise pay an order nobody was charged for).
 */
export async function applyWebhook(
  db: Db,
  provider: Provider,
  event: WebhookEvent,
): Promise<(Settled & { orderId: number })[] | null> {
  const found = await db
    .select({ payment: payments, provider: paymentMethods.provider })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.code, payments.method))
    .where(eq(payments.providerReference, event.reference))
    .orderBy(asc(payments.id));
  const named = found.filter((f) => f.provider === provider.id).map((f) => f.payment);
  if (!named.length) return null;
  const fresh = await db
    .insert(paymentWebhooks)
    .values({ provider: provider.id, eventId: event.eventId, reference: event.reference })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhooks.eventId });
  if (!fresh.length) return null;
  try {
    const settled: (Settled & { orderId: number })[] = [];
    for (const payment of named)
      settled.push({ ...(await settlePayment(db, provider, payment, event.result)), orderId: payment.orderId });
    return settled;
  } catch (error) {
    // Not settled (the database failed on the way): the event is forgotten, so the provider's retry of
    // it (after the error answer) settles the payment instead of being taken for a duplicate.
    await db
      .delete(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, provider.id), eq(paymentWebhooks.eventId, event.eventId)));
    throw error;
  }
}
