import { useTranslation } from 'react-i18next';
import type { DatedTracking } from './dated';
import { fulfillmentStatusText } from './order-words';
import { Fact } from './Fact';

/** Where a shipment is: its order, number, carrier and status, then its events, newest first. */
export function TrackingDetails({ tracking }: { tracking: DatedTracking }) {
  const { t } = useTranslation();
  return (
    <section className="tracking__details" aria-labelledby="tracking-summary">
      <h2 id="tracking-summary">{t('order.number', { number: tracking.orderNumber })}</h2>
      <dl className="order__facts">
        <Fact term={t('order.fulfillmentStatus')} className="order__badge">
          {fulfillmentStatusText(t, tracking.fulfillmentStatus)}
        </Fact>
        <Fact term={t('tracking.number')}>{tracking.trackingNumber}</Fact>
        <Fact term={t('tracking.carrier')}>{tracking.carrier}</Fact>
      </dl>
      <h3 className="tracking__events-title">{t('tracking.events')}</h3>
      {tracking.events.length === 0 ? (
        <p>{t('tracking.noEvents')}</p>
      ) : (
        <ol className="tracking__events">
          {tracking.events.map((event, i) => (
            <li key={`${event.at}-${i}`} className="tracking__event">
              <p className="tracking__event-head">
                <strong>{fulfillmentStatusText(t, event.status)}</strong>
                <time dateTime={event.at}>{event.dateText}</time>
              </p>
              {event.description && <p>{event.description}</p>}
              {event.location && <p className="tracking__location">{event.location}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
