import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CustomerOrder } from '../../../../schemas/generated/api';
import { AccountPage } from '../../../ui/account/AccountPage';
import { Money } from '../../../ui/Money';
import { Fact } from '../../../ui/order/Fact';
import { OrderCustomer } from '../../../ui/order/OrderCustomer';
import { OrderLines } from '../../../ui/order/OrderLines';
import { OrderTotals } from '../../../ui/order/OrderTotals';
import { fulfillmentStatusText, paymentStatusText } from '../../../ui/order/order-words';
import { OrderDetailsReturnForm } from './OrderDetailsReturnForm';
import { OrderDetailsReturns } from './OrderDetailsReturns';

const route = getRouteApi('/account/orderDetails');

/**
 * One of the customer's orders as its thank-you page shows it (statuses, who it goes to, how it was paid,
 * what was bought and what it cost, what was refunded), its returns, and the form that asks for one.
 */
export default function OrderDetailsView() {
  const { t } = useTranslation();
  const { order, placedOn, returnDates } = route.useLoaderData();
  if (!order) {
    return (
      <AccountPage section="orders" title={t('accountOrders.detail.notFoundTitle')}>
        <p>{t('accountOrders.detail.notFound')}</p>
        <p>
          <Link className="button" to="/account/orders">
            {t('accountOrders.detail.back')}
          </Link>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage section="orders" title={t('accountOrders.detail.title', { number: order.order.number })}>
      <OrderPanels details={order} placedOn={placedOn} />
      <OrderDetailsReturns returns={order.returns} dates={returnDates} />
      <OrderDetailsReturnForm details={order} />
      <p className="order__actions">
        <Link className="button button--secondary" to="/account/orders">
          {t('accountOrders.detail.back')}
        </Link>
        <Link className="button button--secondary" to="/track/$handle" params={{ handle: order.order.token }}>
          {t('order.track')}
        </Link>
      </p>
    </AccountPage>
  );
}

function OrderPanels({ details, placedOn }: { details: CustomerOrder; placedOn: string }) {
  const { t } = useTranslation();
  const { order, refunded } = details;
  return (
    <>
      <div className="order__status">
        <dl>
          <Fact term={t('accountOrders.date')}>{placedOn}</Fact>
          <Fact term={t('order.paymentStatus')} className={`order__badge order__badge--${order.status}`}>
            {paymentStatusText(t, order.status)}
          </Fact>
          <Fact term={t('order.fulfillmentStatus')} className="order__badge">
            {fulfillmentStatusText(t, order.fulfillmentStatus)}
          </Fact>
        </dl>
      </div>
      <div className="order__grid">
        <OrderCustomer order={order} />
        <section className="order__panel" aria-labelledby="order-summary">
          <h2 id="order-summary">{t('order.summary')}</h2>
          <OrderLines lines={order.lines} />
          <OrderTotals totals={order.totals} />
          {refunded.amount > 0 && (
            // What was given back, and what the order cost after it: the same sums the refunds were made of.
            <dl className="order__totals account-orders__refunded">
              <div className="order__totals-saving">
                <dt>{t('accountOrders.detail.refunded')}</dt>
                <dd>
                  −<Money value={refunded} />
                </dd>
              </div>
              <div className="order__totals-total">
                <dt>{t('accountOrders.detail.afterRefunds')}</dt>
                <dd>
                  <Money value={{ ...refunded, amount: order.totals.totalPrice.amount - refunded.amount }} />
                </dd>
              </div>
            </dl>
          )}
        </section>
      </div>
      {details.offers.length > 0 && (
        <section className="order__panel" aria-labelledby="order-offers">
          <h2 id="order-offers">{t('order.upsells')}</h2>
          <ul className="account-orders__offers">
            {details.offers.map((offer) => (
              <li key={offer.orderId}>
                <Link to="/account/orderDetails" search={{ id: offer.orderId }}>
                  {t('order.number', { number: offer.number })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
