import type { CheckoutTotals, Money as MoneyValue } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { Money } from '../Money';

/**
 * The amounts the buyer paid, as the server priced them: subtotal, what promotions and the discount
 * code took off, shipping (zero reads "Free"), insurance and tip when chosen, the total.
 */
export function OrderTotals({ totals }: { totals: CheckoutTotals }) {
  const { t } = useTranslation();
  const row = (label: string, value: MoneyValue, kind: 'plain' | 'saving' | 'total' = 'plain') => (
    <div className={kind === 'plain' ? undefined : `order__totals-${kind}`}>
      <dt>{label}</dt>
      <dd>
        {kind === 'saving' && '−'}
        <Money value={value} />
      </dd>
    </div>
  );
  return (
    <dl className="order__totals">
      {row(t('order.subtotal'), totals.totalLineItemsPrice)}
      {totals.totalPromotion.amount > 0 && row(t('order.promotion'), totals.totalPromotion, 'saving')}
      {totals.totalCoupon.amount > 0 && row(t('order.discount'), totals.totalCoupon, 'saving')}
      {row(t('order.shipping'), totals.totalShippingPrice)}
      {totals.shippingInsurancePrice.amount > 0 && row(t('order.insurance'), totals.shippingInsurancePrice)}
      {totals.tipPrice.amount > 0 && row(t('order.tip'), totals.tipPrice)}
      {row(t('order.total'), totals.totalPrice, 'total')}
    </dl>
  );
}
