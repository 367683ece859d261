// Dates written once by the loader, in the page's language: the server's HTML and the browser's first
// render read the same text, and the browser makes no date formatter to hydrate (see date-format.ts).
import type { Order, Tracking, TrackingEvent } from '../../../schemas/generated/api';
import { formatDate } from '../../i18n/date-format';
import { intlLocale } from '../../i18n/locales';

export interface DatedEvent extends TrackingEvent {
  dateText: string;
}
export interface DatedTracking extends Omit<Tracking, 'events'> {
  /** Newest first, as the API gives them. */
  events: DatedEvent[];
}

export const withEventDates = (tracking: Tracking, locale: string): DatedTracking => ({
  ...tracking,
  events: tracking.events.map((event) => ({ ...event, dateText: formatDate(event.at, locale) })),
});

export const orderDate = (order: Pick<Order, 'createdAt'>, locale: string) => formatDate(order.createdAt, locale);

/** "Nov 26, 2026, 3:40 PM UTC": a voucher is paid by a time of day, said with its zone. */
export function payByDate(iso: string, locale: string): string {
  return (
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    ) + ' UTC'
  );
}
