// The delivery window of an order placed at `now`: shipped after the processing days, arriving between
// the fewest and most days in transit for the country (calendar days, counted in UTC so the server and
// the browser draw the same dates).

/** The shopper's country as their language says it: its region (en-GB: GB), else the language's country. */
const LANGUAGE_COUNTRY: Record<string, string> = {
  en: 'US',
  fr: 'FR',
  cn: 'CN',
  de: 'DE',
  nl: 'NL',
  sv: 'SE',
  da: 'DK',
  nb: 'NO',
  fi: 'FI',
  el: 'GR',
  ro: 'RO',
  cs: 'CZ',
  sk: 'SK',
  pt: 'PT',
  pl: 'PL',
  hu: 'HU',
  lv: 'LV',
  lt: 'LT',
  et: 'EE',
  es: 'ES',
};

export function countryOfLocale(locale: string): string {
  const [language, region] = locale.split('-');
  return region?.toUpperCase() ?? LANGUAGE_COUNTRY[language ?? ''] ?? 'US';
}

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
