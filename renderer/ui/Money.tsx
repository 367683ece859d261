import type { Money as MoneyValue } from '../../schemas/generated/api';
import { useMoney } from '../i18n/use-money';

export function Money({ value, className }: { value: MoneyValue; className?: string }) {
  return <span className={className}>{useMoney()(value)}</span>;
}
