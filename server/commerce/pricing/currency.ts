// Currencies of the shop and conversion from the base currency: exact (rates are decimal strings,
// the arithmetic is on integers), then rounded the way each currency is priced.

export type Rounding = 'cent' | 'nickel' | 'whole' | 'ninety-nine';

export interface Currency {
  code: string;
  symbol: string;
  /** Digits after the decimal point (minor units): 2 for USD, 0 for JPY. */
  decimals: number;
  /** Units of this currency for one unit of the base currency, as a decimal string ("0.92"). */
  rate: string;
  /**
   * How converted prices are rounded: to the minor unit; to 0.05; up to a whole unit; up to x.99
   * (prices that look set by hand rather than computed).
   */
  rounding: Rounding;
  /** Spec section 9 money format, e.g. "€{{amount_with_comma_separator}}". */
  moneyFormat: string;
  /** The same with the currency named, e.g. "€{{amount_with_comma_separator}} EUR". */
  moneyWithCurrencyFormat: string;
}

function parseRate(rate: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`"${rate}" is not an exchange rate (a decimal number such as 0.92)`);
  const fraction = match[2] ?? '';
  return { numerator: BigInt(match[1]! + fraction), denominator: 10n ** BigInt(fraction.length) };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const roundDiv = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** Converts an amount in minor units of the base currency into minor units of `to`, rounded as `to` says. */
export function convertAmount(amount: number, from: Pick<Currency, 'decimals'>, to: Currency): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`${amount} is not an amount in minor units`);
  const { numerator, denominator } = parseRate(to.rate);
  // amount / 10^from.decimals * rate * 10^to.decimals, as one fraction.
  const top = BigInt(amount) * numerator * 10n ** BigInt(to.decimals);
  const bottom = denominator * 10n ** BigInt(from.decimals);
  const unit = 10n ** BigInt(to.decimals);
  let minor: bigint;
  switch (to.rounding) {
    case 'cent':
      minor = roundDiv(top, bottom);
      break;
    case 'nickel':
      minor = roundDiv(top, bottom * 5n) * 5n;
      break;
    case 'whole':
      minor = ceilDiv(top, bottom * unit) * unit;
      break;
    case 'ninety-nine': {
      // Up to the next whole unit, less one minor unit: 12.30 -> 12.99, 12.00 -> 12.99.
      const whole = top / (bottom * unit);
      minor = (whole + 1n) * unit - 1n;
      if (to.decimals === 0) minor = ceilDiv(top, bottom);
      break;
    }
  }
  if (amount === 0) return 0;
  return Number(minor);
}

/** Spec section 9: the discount a compare-at price shows, in whole percent, rounded down. */
export function discountPercent(price: number, compareAtPrice: number): number {
  if (compareAtPrice <= 0 || price >= compareAtPrice) return 0;
  return Math.floor(((compareAtPrice - price) * 100) / compareAtPrice);
}
