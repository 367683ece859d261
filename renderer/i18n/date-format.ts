// Dates as a shopper reads them ("Nov 2, 2026"), in UTC: the server and the browser write the same day,
// whatever the visitor's time zone. A formatter costs a browser tens of milliseconds to make (it loads
// locale and time-zone data), so pages get their dates written by the server's loader, and the browser
// makes one only for what it loads later (more reviews).
import { intlLocale } from './locales';

const formats = new Map<string, Intl.DateTimeFormat>();

const FORMAT_OPTIONS: Record<'medium' | 'month-day' | 'date-time', Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeZone: 'UTC' },
  'month-day': { month: 'short', day: 'numeric', timeZone: 'UTC' },
  'date-time': {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
};

/** One formatter per locale and style, made the first time it is asked for. */
function formatter(locale: string, style: 'medium' | 'month-day' | 'date-time'): Intl.DateTimeFormat {
  const key = `${style} ${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), FORMAT_OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

export function formatDate(iso: string, locale: string): string {
  return formatter(locale, 'medium').format(new Date(iso));
}

/** A day of the year without the year ("Nov 2"), in UTC. */
export function formatMonthDay(date: Date, locale: string): string {
  return formatter(locale, 'month-day').format(date);
}

/** A moment with its time, in UTC and saying so ("Nov 27, 2026, 3:00 AM UTC"): the same on the server and in the browser. */
export function formatDateTime(iso: string, locale: string): string {
  return formatter(locale, 'date-time').format(new Date(iso));
}
