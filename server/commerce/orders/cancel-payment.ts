// A waiting payment ends without money on the shop's side (spec section 7: POST api/paymentStrategy/cancel
// and /failure): the shopper closed the wallet, or the provider's script in the browser failed. The order
// stays payable: the shopper tries again with the same or another method.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payments } from '../../db/schema';
import { orderWithPayment, providerOf, type PaymentLookup } from './latest-payment';
import type { Confirmed } from './confirm-payment';
import { WAITING } from './settle-payment';

export async function endPayment(
  db: Db,
  lookup: PaymentLookup,
  orderToken: string,
  end: { status: 'canceled' } | { status: 'failed'; code: number },
): Promise<Confirmed> {
  const { payment } = await orderWithPayment(db, orderToken);
  if (payment && WAITING.includes(payment.status)) {
    // The provider stops waiting too: a page of it left open can no longer take the money.
    const provider = await providerOf(lookup, payment).catch(() => null);
    if (end.status === 'canceled' && payment.providerReference) await provider?.cancel?.(payment.providerReference);
    await db
      .update(payments)
      .set({ status: end.status, declineCode: end.status === 'failed' ? end.code : null, action: null, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, [...WAITING])));
  }
  return { ...(await orderWithPayment(db, orderToken)), newlyPaid: false };
}
