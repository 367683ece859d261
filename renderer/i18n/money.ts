// Formats money (integer minor units + currency code) for a locale. The one money formatter.
import type { Money } from '../../schemas/generated/api';

/** Intl formatters are costly to make: one per locale and currency, with its number of minor digits. */
const formatters = new Map<string, { format: Intl.NumberFormat; digits: number }>();

/** BCP 47 tag for a shop locale code (`cn` is the spec's code for Chinese). */
export function intlLocale(locale: string): string {
  return locale === 'cn' ? 'zh-CN' : locale;
}

function formatter(locale: string, currency: string) {
  const key = `${locale}|${currency}`;
  let found = formatters.get(key);
  if (!found) {
    const format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency });
    found = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(key, found);
  }
  return found;
}

/** Formatted amounts, kept: a shop shows the same few hundred prices over and over. */
const formatted = new Map<string, string>();

export function formatMoney(money: Money, locale: string): string {
  const key = `${locale}|${money.currencyCode}|${money.amount}`;
  let text = formatted.get(key);
  if (text === undefined) {
    const { format, digits } = formatter(locale, money.currencyCode);
    text = format.format(money.amount / 10 ** digits);
    if (formatted.size >= 20_000) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}
