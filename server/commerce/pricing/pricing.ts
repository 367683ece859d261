// Prices in the visitor's currency: the site's currencies and rates, conversion from the base currency
// (the first one), and the money values the API answers with. The server computes every price.
import type { Money, Site } from '../../../schemas/generated/api';
import { ShopError } from '../errors';
import type { SiteService } from '../site';
import { convertAmount, discountPercent, type Currency } from './currency';

export interface PriceView {
  price: Money;
  compareAtPrice: Money | null;
  discountPercent: number | null;
}

export function createPricing(site: SiteService) {
  function currencies(s: Site): Currency[] {
    return s.currencies as Currency[];
  }

  return {
    /** The currency asked for (spec: currencyCode), or the base currency; 8001 for one not offered. */
    async currency(code?: string | null): Promise<{ currency: Currency; base: Currency }> {
      const list = currencies(await site.get());
      const base = list[0]!;
      if (!code) return { currency: base, base };
      const found = list.find((c) => c.code === code.toUpperCase());
      if (!found)
        throw new ShopError(
          'currencyNotSupported',
          `The currency ${code} is not supported here. Choose one of ${list.map((c) => c.code).join(', ')}.`,
        );
      return { currency: found, base };
    },
  };
}

export type Pricing = ReturnType<typeof createPricing>;

/** Money converters for one currency. */
export function moneyIn(currency: Currency, base: Currency) {
  const money = (amount: number): Money => ({
    amount: currency.code === base.code ? amount : convertAmount(amount, base, currency),
    currencyCode: currency.code,
  });
  return {
    money,
    /** A price with its compare-at price (only when above the price) and the discount shown. */
    priced(price: number, compareAtPrice: number | null): PriceView {
      const onSale = compareAtPrice !== null && compareAtPrice > price;
      return {
        price: money(price),
        compareAtPrice: onSale ? money(compareAtPrice) : null,
        discountPercent: onSale ? discountPercent(price, compareAtPrice) : null,
      };
    },
    /** A bound given in this currency, back in the base currency (for filtering). */
    toBase(amount: number, roundUp: boolean): number {
      if (currency.code === base.code) return amount;
      // Inverse of the rate, on exact integers: base = amount * 10^base.decimals / (rate * 10^currency.decimals).
      const [whole, fraction = ''] = currency.rate.split('.');
      const numerator = BigInt(whole! + fraction);
      const denominator = 10n ** BigInt(fraction.length);
      const top = BigInt(amount) * denominator * 10n ** BigInt(base.decimals);
      const bottom = numerator * 10n ** BigInt(currency.decimals);
      return Number(roundUp ? (top + bottom - 1n) / bottom : top / bottom);
    },
  };
}

export type MoneyIn = ReturnType<typeof moneyIn>;
