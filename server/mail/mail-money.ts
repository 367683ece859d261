// Money in mail: the same formats as the pages (spec section 9 money formats, renderer/i18n/money-format.ts)
// when the shop's currencies are known, else the language's own currency format.
import type { Currency, Money } from '../../schemas/generated/api';
import { intlLocale } from '../../renderer/i18n/locales';
import { applyMoneyFormat } from '../../renderer/i18n/money-format';

export type MoneyFormats = Pick<Currency, 'code' | 'decimals' | 'moneyFormat'>[];

export function mailMoney(locale: string, currencies: MoneyFormats = []): (money: Money) => string {
  return (money) => {
    const currency = currencies.find((c) => c.code === money.currencyCode);
    if (currency) return applyMoneyFormat(currency.moneyFormat, money.amount, currency.decimals);
    const format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: money.currencyCode });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(money.amount / 10 ** digits);
  };
}
