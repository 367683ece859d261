import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderSummary } from '../../../../schemas/generated/api';
import { AccountPage } from '../../../ui/account/AccountPage';
import { Money } from '../../../ui/Money';
import { fulfillmentStatusText, paymentStatusText } from '../../../ui/order/order-words';
import { OrdersClaim } from './OrdersClaim';

const route = getRouteApi('/account/orders');

/**
 * The customer's orders, newest first: number, date, payment and fulfillment status, items and total, a
 * page at a time; above them, the step that claims guest orders placed with the account's address, and a
 * way to claim those of another address.
 */
export default function OrdersView() {
  const { t } = useTranslation();
  const { customer, page, claimable, dates } = route.useLoaderData();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <AccountPage section="orders" title={t('accountOrders.title')}>
      <OrdersClaim email={customer.email} claimable={claimable} />
      {page.orders.length === 0 ? (
        <div className="account__card">
          <p>{t('accountOrders.empty')}</p>
          <p>
            <Link className="button" to="/collections/$handle" params={{ handle: 'all' }}>
              {t('accountOrders.startShopping')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="account-orders__count">{t('accountOrders.count', { count: page.total })}</p>
          <ul className="account-orders">
            {page.orders.map((order) => (
              <OrderRow key={order.orderId} order={order} date={dates[order.orderId] ?? ''} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="account-orders__pages" aria-label={t('accountOrders.pages')}>
              {page.page > 1 ? (
                <Link to="/account/orders" search={page.page > 2 ? { page: page.page - 1 } : {}} rel="prev">
                  {t('accountOrders.previous')}
                </Link>
              ) : (
                <span />
              )}
              <span>{t('accountOrders.pageOf', { page: page.page, pages })}</span>
              {page.page < pages ? (
                <Link to="/account/orders" search={{ page: page.page + 1 }} rel="next">
                  {t('accountOrders.next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </AccountPage>
  );
}

function OrderRow({ order, date }: { order: CustomerOrderSummary; date: string }) {
  const { t } = useTranslation();
  const headingId = `order-${order.orderId}`;
  return (
    <li className="account-orders__order">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>
          <Link to="/account/orderDetails" search={{ id: order.orderId }}>
            {t('order.number', { number: order.number })}
          </Link>
        </h2>
        <dl className="account-orders__facts">
          <div>
            <dt>{t('accountOrders.date')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('order.paymentStatus')}</dt>
            <dd className={`order__badge order__badge--${order.status}`}>{paymentStatusText(t, order.status)}</dd>
          </div>
          <div>
            <dt>{t('order.fulfillmentStatus')}</dt>
            <dd className="order__badge">{fulfillmentStatusText(t, order.fulfillmentStatus)}</dd>
          </div>
          <div>
            <dt>{t('accountOrders.items')}</dt>
            <dd>{t('accountOrders.itemCount', { count: order.itemCount })}</dd>
          </div>
          <div>
            <dt>{t('order.total')}</dt>
            <dd>
              <Money value={order.total} />
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}
