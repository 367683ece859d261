import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { Order } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { priced, trackOnce } from '../../tracking/commerce-events';
import { OrderConfirmation } from '../../ui/order/OrderConfirmation';
import { useOrderStatus } from '../../ui/order/use-order-status';

const thankYouRoute = getRouteApi('/thankyou/$handle');

export default function ThankYouView() {
  const { order, placedOn } = thankYouRoute.useLoaderData();
  return order ? <PlacedOrder order={order} placedOn={placedOn} /> : <OrderNotFound />;
}

export function PlacedOrder({ order, placedOn }: { order: Order; placedOn: string }) {
  const initial = useMemo(
    () => ({
      number: order.number,
      status: order.status,
      fulfillmentStatus: order.fulfillmentStatus,
      payment: null,
      checkoutToken: null,
      addressConfirmBy: null,
      expiresAt: order.expiresAt,
    }),
    [order],
  );
  const status = useOrderStatus(order.token, initial);
  // Paying the order took its items out of the cart on the server (settle-payment.ts): the count the
  // layout loaded before is stale, here and on every page the shopper goes on to.
  const { reloadCartQuantity } = useShopActions();
  useEffect(() => reloadCartQuantity(), [reloadCartQuantity, status.status]);
  useEffect(() => {
    if (status.status === 'paid') for (const paid of [order, ...order.upsellOrders]) trackPurchase(paid);
  }, [order, status.status]);
  return <OrderConfirmation order={order} placedOn={placedOn} status={status} />;
}

/**
 * The purchase, once per order in this tab, with the event id the server made for it: the server sends
 * its own event with the same id (server/commerce/purchase-events), and the platform keeps one.
 */
function trackPurchase(order: Pick<Order, 'token' | 'lines' | 'totals' | 'purchaseEventId'>) {
  if (!order.purchaseEventId) return;
  trackOnce(`purchase:${order.token}`, {
    name: 'Purchase',
    eventId: order.purchaseEventId,
    orderId: order.token,
    ...priced(order.lines, order.totals.totalPrice),
  });
}

/** A link that names no order: say so, and offer the way on (tracking by number, the shop). */
export function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <section className="order order--missing" aria-labelledby="order-missing-title">
      <h1 id="order-missing-title">{t('order.notFoundTitle')}</h1>
      <p>{t('order.notFound')}</p>
      <p className="order__actions">
        <Link className="button" to="/track">
          {t('order.trackByNumber')}
        </Link>
        <Link className="button button--secondary" to="/collections/$handle" params={{ handle: 'all' }}>
          {t('order.continueShopping')}
        </Link>
      </p>
    </section>
  );
}
