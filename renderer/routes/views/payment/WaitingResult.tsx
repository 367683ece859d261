// Processing, waiting for authorization, pending (spec section 4): the payment is still under way. The
// page says what the shopper waits for and follows the order until it is paid (thank-you) or failed.
import type { Order, OrderStatus } from '../../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { PaymentProgress } from '../../../ui/payment/PaymentProgress';
import { PaymentSummary } from '../../../ui/payment/PaymentSummary';
import { usePaymentStatus } from '../../../ui/payment/use-payment-status';

export function WaitingResult({
  page,
  order,
  initial,
  payBy,
  summary,
}: {
  page: 'processing' | 'authorization' | 'pending';
  order: string;
  initial: OrderStatus;
  payBy: string | null;
  summary: Order | null;
}) {
  const { t } = useTranslation();
  const { status, gaveUp } = usePaymentStatus(order, initial, page);
  const number = status.number;
  const explain =
    page !== 'pending'
      ? t(`paymentResult.${page}.body`, { number })
      : payBy
        ? t('paymentResult.pending.voucher', { number, date: payBy })
        : t('paymentResult.pending.bank', { number });
  return (
    <section className={`order payment-result payment-result--${page}`} aria-labelledby={`payment-${page}-title`}>
      <div className="order__head">
        <h1 id={`payment-${page}-title`}>{t(`paymentResult.${page}.title`)}</h1>
        <p className="payment-result__number">{t('order.number', { number })}</p>
      </div>
      <PaymentProgress />
      <p>{explain}</p>
      <p role="status" className="payment-result__follow">
        {gaveUp ? t('paymentResult.stillWaiting') : t('paymentResult.updates')}
      </p>
      <PaymentSummary order={summary} />
    </section>
  );
}
