import { useTranslation } from 'react-i18next';
import type { Order } from '../../../schemas/generated/api';
import { Fact } from './Fact';
import { OrderAddress } from './OrderAddress';
import { paymentText } from './order-words';

/** Who bought and how (spec section 3, Order display): the thank-you page's and the account's order panel. */
export function OrderCustomer({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <section className="order__panel" aria-labelledby="order-customer">
      <h2 id="order-customer">{t('order.customer')}</h2>
      <dl className="order__facts">
        <Fact term={t('order.email')}>{order.email}</Fact>
        <Fact term={t('order.shippingAddress')}>{order.shippingAddress && <OrderAddress address={order.shippingAddress} />}</Fact>
        <Fact term={t('order.billingAddress')}>{order.billingAddress && <OrderAddress address={order.billingAddress} />}</Fact>
        <Fact term={t('order.shippingMethod')}>{order.shippingMethod}</Fact>
        <Fact term={t('order.paymentMethod')}>{order.payment && paymentText(t, order.payment)}</Fact>
      </dl>
    </section>
  );
}
