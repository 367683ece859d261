import { useT } from '../../i18n/use-t';
import type { DatedTracking } from './dated';
import { fulfillmentStatusText } from './order-words';

/** Where a shipment is: its order, number, carrier and status, then its events, newest first. */
export function TrackingDetails({ tracking }: { tracking: DatedTracking }) {
  const { t } = useT();
  return (
    <section className="tracking__details" aria-labelledby="tracking-summary">
      <h2 id="tracking-summary">{t('order.number', { number: tracking.orderNumber })}</h2>
      <dl className="order__facts">
        <div>
          <dt>{t('order.fulfillmentStatus')}</dt>
          <dd className="order__badge">{fulfillmentStatusText(t, tracking.fulfillmentStatus)}</dd>
        </div>
        {tracking.trackingNumber && (
          <div>
            <dt>{t('tracking.number')}</dt>
            <dd>{tracking.trackingNumber}</dd>
          </div>
        )}
        {tracking.carrier && (
          <div>
            <dt>{t('tracking.carrier')}</dt>
            <dd>{tracking.carrier}</dd>
          </div>
        )}
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
