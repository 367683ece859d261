import type { Order } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { OrderLines } from '../order/OrderLines';
import { OrderTotals } from '../order/OrderTotals';

/** What the shopper is paying for while the payment is confirmed: the order's lines and the server's totals. */
export function PaymentSummary({ order }: { order: Order | null }) {
  const { t } = useTranslation();
  if (!order) return null;
  return (
    <section className="order__panel payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">{t('order.summary')}</h2>
      <OrderLines lines={order.lines} />
      <OrderTotals totals={order.totals} />
    </section>
  );
}
