import { Link } from '@tanstack/react-router';
import { Money } from '../Money';
import type { Order, OrderStatus } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { OrderCustomer } from './OrderCustomer';
import { OrderLines } from './OrderLines';
import { OrderTotals } from './OrderTotals';
import { buyerFirstName, fulfillmentStatusText, paymentStatusText } from './order-words';
import { Fact } from './Fact';
import { payByDate } from './dated';

interface Props {
  order: Order;
  /** The order's date, written by the loader in the page's language. */
  placedOn: string;
  /** The latest status (the page asks again while the payment is pending). */
  status: OrderStatus;
}

/**
 * The thank-you page (spec section 2): the order number, its statuses in words, who it goes to and
 * how it was paid, what was bought and what it cost; then the upsell orders added after it, if any.
 */
export function OrderConfirmation({ order, placedOn, status }: Props) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const name = buyerFirstName(order);
  return (
    <section className="order" aria-labelledby="order-title">
      <header className="order__head">
        <h1 id="order-title">{name ? t('order.thanks', { name }) : t('order.thanksNoName')}</h1>
        <p className="order__number">{t('order.number', { number: order.number })}</p>
        <p className="order__date">{t('order.placedOn', { date: placedOn })}</p>
      </header>

      <div className="order__status" role="status">
        <dl>
          <Fact term={t('order.paymentStatus')} className={`order__badge order__badge--${status.status}`}>
            {paymentStatusText(t, status.status)}
          </Fact>
          <Fact term={t('order.fulfillmentStatus')} className="order__badge">
            {fulfillmentStatusText(t, status.fulfillmentStatus)}
          </Fact>
        </dl>
        {status.status === 'pending' && (
          <p className="order__waiting">
            {/* A voucher (known once the page has asked for the status): what to pay by when. */}
            {status.payment?.reason === 'voucher' && status.expiresAt
              ? t('paymentResult.pending.voucher', { number: order.number, date: payByDate(status.expiresAt, locale) })
              : t('order.waitingForPayment')}
          </p>
        )}
      </div>

      <div className="order__grid">
        <OrderCustomer order={order} />

        <section className="order__panel" aria-labelledby="order-summary">
          <h2 id="order-summary">{t('order.summary')}</h2>
          <OrderLines lines={order.lines} />
          <OrderTotals totals={order.totals} />
        </section>
      </div>

      {/* Upsell orders (offers taken after this one, filled by the funnels work) are orders of their own. */}
      {order.upsellOrders.length > 0 && (
        <section className="order__upsells" aria-labelledby="order-upsells">
          <h2 id="order-upsells">{t('order.upsells')}</h2>
          {order.upsellOrders.map((upsell) => (
            <article key={upsell.token} className="order__panel" aria-label={t('order.number', { number: upsell.number })}>
              <h3>{t('order.number', { number: upsell.number })}</h3>
              {upsell.status === 'pending' ? (
                // Added to a voucher still to be paid at a store.
                <p className="order__waiting">{paymentStatusText(t, 'pending')}</p>
              ) : null}
              <OrderLines lines={upsell.lines} />
              <OrderTotals totals={upsell.totals} />
            </article>
          ))}
          {order.combinedTotal && (
            // What the buyer paid (or is to pay) for everything, summed by the server.
            <dl className="order__totals order__combined">
              <div className="order__totals-total">
                <dt>{t('order.combinedTotal')}</dt>
                <dd>
                  <Money value={order.combinedTotal} />
                </dd>
              </div>
            </dl>
          )}
        </section>
      )}

      <p className="order__actions">
        <Link className="button" to="/track/$handle" params={{ handle: order.token }}>
          {t('order.track')}
        </Link>
        <Link className="button button--secondary" to="/collections/$handle" params={{ handle: 'all' }}>
          {t('order.continueShopping')}
        </Link>
      </p>
    </section>
  );
}
