// Where a shopper belongs after a payment call or on the way back from a provider (spec section 4: the
// payment result pages), worked out from the order and its latest payment: the thank-you page when
// paid, the provider's page or the shop's own page for an action, else the result page of the state.
import type { PaymentOutcome } from '../../../schemas/generated/api';
import type { OrderRow } from './place-order';
import type { PaymentRow } from './rows';

const q = (token: string) => `?order=${encodeURIComponent(token)}`;

/** The codes of a payment that ended without money: the decline, or 5008 for an order past its time. */
export function paymentOutcome(order: OrderRow, payment: PaymentRow | null): PaymentOutcome {
  const token = order.token!;
  const base = { orderToken: token, orderNumber: order.number! };
  // A funnel's order goes on to the funnel's next step (an offer, or its thank-you page).
  const paidNext = order.funnelNext ?? `/thankyou/${token}`;
  if (order.status === 'paid') return { ...base, status: 'paid', next: paidNext };
  if (order.status === 'canceled' && order.addressConfirmBy)
    // The address was not confirmed in time: its page says so and offers to order again.
    return { ...base, status: 'canceled', next: `/payment/confirmAddress${q(token)}` };
  if (order.status !== 'pending' || payment?.status === 'refunded')
    return { ...base, status: 'failed', code: 5008, next: `/payment/failed${q(token)}` };
  if (!payment) return { ...base, status: 'failed', code: 80002, next: `/payment/failed${q(token)}` };
  switch (payment.status) {
    case 'succeeded':
      return { ...base, status: 'paid', next: paidNext };
    case 'action':
      return {
        ...base,
        status: 'action',
        action: payment.action!,
        next: payment.redirectUrl ?? `/payment/${payment.action}${q(token)}`,
      };
    case 'failed':
      return {
        ...base,
        status: 'failed',
        code: payment.declineCode ?? 80002,
        ...(payment.reason ? { reason: payment.reason } : {}),
        next: `/payment/failed${q(token)}`,
      };
    case 'pending':
      // A voucher is paid at a store within days: a funnel's buyer goes on meanwhile (the funnel's offers
      // are added to the voucher; its thank-you step says what is left to pay).
      if (payment.reason === 'voucher' && order.funnelNext)
        return { ...base, status: 'pending', reason: 'voucher', next: order.funnelNext };
      // The pending page says what is waited for: a bank's confirmation, or a voucher paid at a store.
      return {
        ...base,
        status: 'pending',
        ...(payment.reason ? { reason: payment.reason } : {}),
        next: `/payment/pending${q(token)}`,
      };
    case 'processing':
    case 'authorization':
    case 'canceled':
      return { ...base, status: payment.status, next: `/payment/${payment.status}${q(token)}` };
  }
}
