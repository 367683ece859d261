// Formats money with the format of its currency (spec section 9); zero is the localized word for free.
import { useCallback } from 'react';
import type { Money } from '../../schemas/generated/api';
import { useSite } from '../state/site-context';
import { applyMoneyFormat } from './money-format';
import { useTranslation } from 'react-i18next';

export function useMoney(): (money: Money, options?: { withCurrency?: boolean; zeroIsFree?: boolean }) => string {
  const { site } = useSite();
  const { t } = useTranslation();
  return useCallback(
    (money, options = {}) => {
      if (money.amount === 0 && options.zeroIsFree !== false) return t('price.free');
      const currency = site.currencies.find((c) => c.code === money.currencyCode);
      if (!currency) return `${(money.amount / 100).toFixed(2)} ${money.currencyCode}`;
      return applyMoneyFormat(
        options.withCurrency ? currency.moneyWithCurrencyFormat : currency.moneyFormat,
        money.amount,
        currency.decimals,
      );
    },
    [site, t],
  );
}
