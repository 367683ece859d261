// The spend from which standard delivery is free (site setting extDataMap.freeDeliveryFrom, base-currency
// minor units), for the "free delivery" promise. The shipping templates give it (fixtures/shop-promises.test.ts
// checks the two agree); the amount is written in the base currency because that is what the rules compare.
import { useMoney } from '../../i18n/use-money';
import { useSite } from '../../state/site-context';

/** The threshold as shown to the shopper, or null when the shop makes no such promise. */
export function useFreeDeliveryFrom(): string | null {
  const { site } = useSite();
  const money = useMoney();
  const setting = site.extDataMap.freeDeliveryFrom;
  const base = site.currencies[0];
  if (!setting || !base || !/^\d+$/.test(setting)) return null;
  return money({ amount: Number(setting), currencyCode: base.code }, { zeroIsFree: false });
}

/** The promises to show: the delivery one only when the shop sets its threshold. */
export const promisesKept = <K extends string>(keys: readonly K[], freeDeliveryFrom: string | null): K[] =>
  keys.filter((key) => key !== 'freeDelivery' || freeDeliveryFrom !== null);
