import type { Money as MoneyValue } from '../../schemas/generated/api';
import { formatMoney } from '../i18n/money';
import { useLocale } from '../i18n/use-localized';

export function Money({ value, className }: { value: MoneyValue; className?: string }) {
  return <span className={className}>{formatMoney(value, useLocale())}</span>;
}
