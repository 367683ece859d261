// Formats money (integer minor units + currency code) for a locale. The one money formatter.
import type { Money } from '../../schemas/generated/api';

const formatters = new Map<string, Intl.NumberFormat>();

/** BCP 47 tag for a shop locale code (`cn` is the spec's code for Chinese). */
export function intlLocale(locale: string): string {
  return locale === 'cn' ? 'zh-CN' : locale;
}

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency });
    formatters.set(key, found);
  }
  return found;
}

export function formatMoney(money: Money, locale: string): string {
  const f = formatter(locale, money.currencyCode);
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(money.amount / 10 ** digits);
}
