// The payments the shop no longer wants that may still hold money, as the reconciliation job finds them
// (server/jobs/reconcile-payments.ts): a payment still waiting, or succeeded, for an order that expired or
// was canceled (replaced by a new order), and a payment still waiting for an order another payment paid.
// Each is closed at its provider and asked how it stands; what the provider took is given back
// (close-payments.ts, refund-unwanted.ts). The paths that learn of a payment as it happens (the return,
// the webhook, the order's release) do the same; the job catches what they missed: a webhook never
// delivered, a process stopped between the release and the provider's call, a provider out of reach.
import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { Provider } from '../../payments/provider';
import { closePayment } from './close-payments';
import { refundUnwanted } from './refund-unwanted';
import type { PaymentRow } from './rows';

/**
 * Claims up to `limit` unwanted payments untouched for `quietMs` (the paths above had their chance): each is
 * locked (`skip locked`: another process's claims are passed over) and stamped `updated_at = now` in the
 * same statement, so no other process takes it again until it has been quiet for `quietMs` once more (a
 * payment its provider still has, a bank's, is asked again then, not at every run).
 */
export async function claimUnwantedPayments(
  db: Db,
  { now, quietMs, limit }: { now: Date; quietMs: number; limit: number },
): Promise<PaymentRow[]> {
  const before = new Date(now.getTime() - quietMs).toISOString();
  const claimed = await queryRows<{ id: number }>(
    db,
    sql`with unwanted as (
          select p.id from ${payments} p join ${orders} o on o.id = p.order_id
          where p.updated_at < ${before}
            and ((o.status in ('expired', 'canceled')
                  and p.status in ('action', 'pending', 'processing', 'authorization', 'succeeded'))
              or (o.status = 'paid' and p.status in ('action', 'pending', 'processing', 'authorization')))
          order by p.updated_at
          limit ${limit}
          for update of p skip locked)
        update ${payments} p set updated_at = ${now.toISOString()} from unwanted where p.id = unwanted.id
        returning p.id`,
  );
  if (!claimed.length) return [];
  return db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        claimed.map((c) => Number(c.id)),
      ),
    );
}

/** Closes one unwanted payment at its provider and gives back what it took; answers the payment after. */
export async function reconcilePayment(db: Db, provider: Provider, payment: PaymentRow, now = new Date()): Promise<PaymentRow> {
  // Succeeded for an order that is over (a refund that failed before): given back as it is.
  if (payment.status === 'succeeded') return refundUnwanted(db, provider, payment, now);
  return (await closePayment(db, provider, payment, now)).payment;
}
