// A waiting payment ends without money on the shop's side (spec section 7: POST api/paymentStrategy/cancel
// and /failure): the shopper closed the wallet, or the provider's script in the browser failed. The order
// stays payable: the shopper tries again with the same or another method.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payments } from '../../db/payment-schema';
import { stopAtProvider } from './close-payments';
import { orderWithPayment, providerOf, type PaymentLookup } from './latest-payment';
import type { Confirmed } from './confirm-payment';
import { settlePayment, WAITING } from './settle-payment';

export async function endPayment(
  db: Db,
  lookup: PaymentLookup,
  orderToken: string,
  end: { status: 'canceled' } | { status: 'failed'; code: number },
): Promise<Confirmed> {
  const { payment } = await orderWithPayment(db, orderToken);
  if (payment && WAITING.includes(payment.status)) {
    // The provider stops waiting too: a page of it left open can no longer take the money. One that took
    // it already (another tab finished first) is what counts: it pays the order, or is given back.
    const provider = await providerOf(lookup, payment).catch(() => null);
    if (provider && payment.providerReference) {
      // A provider out of reach does not keep the shopper from going on (as before it was asked).
      const result = await stopAtProvider(provider, payment.providerReference).catch(() => null);
      if (result?.status === 'succeeded') {
        const settled = await settlePayment(db, provider, payment, result);
        return { ...(await orderWithPayment(db, orderToken)), newlyPaid: settled.newlyPaid };
      }
    }
    await db
      .update(payments)
      .set({ status: end.status, declineCode: end.status === 'failed' ? end.code : null, action: null, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, [...WAITING])));
  }
  return { ...(await orderWithPayment(db, orderToken)), newlyPaid: false };
}
