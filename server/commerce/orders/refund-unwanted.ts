// Money the shop no longer wants is given back (issue 22): a payment that succeeded at its provider for an
// order that did not take it (expired, canceled, replaced by a new order, or paid by another payment),
// whichever path learned of it: the shopper's return, the provider's webhook, 3-D Secure, a cancellation or
// the reconciliation job (server/jobs/reconcile-payments.ts).
//
// Exactly once, with any number of processes asking at once: the refund is asked of the provider with one
// idempotency key per payment (`refundKey`), so however many paths ask, the provider gives back once; the
// shop's row is marked refunded only after the provider said so. A provider that fails leaves the row as it
// was (never marked refunded with the money still kept), and the reconciliation job asks again.
//
// Which payment is the one an order took: a paid order's payment in state `succeeded`. Nothing else is
// ever left `succeeded`: a payment is made succeeded only in the statement that pays its order
// (settle-payment.ts, pay-order.ts), so a succeeded payment of a paid (or merchant-refunded) order is never
// given back here.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { Provider } from '../../payments/provider';
import type { PaymentRow } from './rows';

/** The provider's idempotency key of a payment's refund: one refund per payment, whoever asks. */
export const refundKey = (payment: Pick<PaymentRow, 'idempotencyKey'>) => `refund-${payment.idempotencyKey}`;

/**
 * Gives back a payment the provider says succeeded, unless it is the one its order took or it was given
 * back already; answers the payment as it stands after. Called after the statement that would have paid
 * its order did not (its order was no longer waiting for it), so it can never become the order's payment.
 */
export async function refundUnwanted(db: Db, provider: Provider, payment: PaymentRow, now = new Date()): Promise<PaymentRow> {
  // Read afresh (not the caller's copy): another process may have settled or refunded it meanwhile.
  const [current] = await queryRows<{ status: PaymentRow['status']; orderStatus: string }>(
    db,
    sql`select p.status, o.status as "orderStatus" from ${payments} p join ${orders} o on o.id = p.order_id
        where p.id = ${payment.id}`,
  );
  const taken = current?.status === 'succeeded' && (current.orderStatus === 'paid' || current.orderStatus === 'refunded');
  if (!current || taken || current.status === 'refunded') return reread(db, payment.id);
  await provider.refund(payment.providerReference!, payment.amount, refundKey(payment));
  await db
    .update(payments)
    .set({ status: 'refunded', action: null, updatedAt: now })
    .where(sql`${payments.id} = ${payment.id} and ${payments.status} <> 'refunded'`);
  return reread(db, payment.id);
}

async function reread(db: Db, id: number): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}
