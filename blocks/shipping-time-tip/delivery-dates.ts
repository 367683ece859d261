// The delivery window of an order placed at `now`: shipped after the processing days, arriving between
// the fewest and most days in transit for the country (calendar days, counted in UTC so the server and
// the browser draw the same dates).
import { visitorCountry } from '../../renderer/i18n/visitor-country';

/** The shopper's country as their language says it (renderer/i18n/visitor-country.ts). */
export const countryOfLocale = (locale: string): string => visitorCountry(locale);

export function deliveryWindow(
  now: number,
  settings: {
    processingDays: number;
    minDays: number;
    maxDays: number;
    countries?: { country: string; minDays: number; maxDays: number }[];
  },
  country: string,
): { minDays: number; maxDays: number; from: Date; to: Date } {
  const listed = settings.countries?.find((c) => c.country === country);
  const minDays = listed?.minDays ?? settings.minDays;
  const maxDays = Math.max(minDays, listed?.maxDays ?? settings.maxDays);
  const day = 86_400_000;
  const start = now + settings.processingDays * day;
  return { minDays, maxDays, from: new Date(start + minDays * day), to: new Date(start + maxDays * day) };
}
