// Dates as a shopper reads them ("Nov 2, 2026"), in UTC: the server and the browser write the same day,
// whatever the visitor's time zone. A formatter costs a browser tens of milliseconds to make (it loads
// locale and time-zone data), so pages get their dates written by the server's loader, and the browser
// makes one only for what it loads later (more reviews).
import { intlLocale } from './locales';

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}
