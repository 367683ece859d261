import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, discountPercent, type Currency } from './currency';

const usd = { decimals: 2 };
const currency = (over: Partial<Currency>): Currency => ({
  code: 'EUR',
  symbol: '€',
  decimals: 2,
  rate: '0.92',
  rounding: 'cent',
  moneyFormat: '€{{amount}}',
  moneyWithCurrencyFormat: '€{{amount}} EUR',
  ...over,
});

describe('convertAmount', () => {
  it.each<[string, Partial<Currency>, number, number]>([
    ['same currency', { rate: '1' }, 5900, 5900],
    ['to the nearest cent', { rate: '0.92' }, 5900, 5428],
    ['half a cent rounds up', { rate: '0.925' }, 100, 93],
    ['to 0.05', { rate: '0.88', rounding: 'nickel' }, 5900, 5190],
    ['up to a whole unit', { rate: '10.6', rounding: 'whole' }, 5900, 62600],
    ['up to x.99', { rate: '0.79', rounding: 'ninety-nine' }, 5900, 4699],
    ['a whole amount still goes to x.99', { rate: '1', rounding: 'ninety-nine' }, 5900, 5999],
    ['to a currency without minor units', { rate: '151', decimals: 0 }, 5900, 8909],
    ['to a currency without minor units, whole', { rate: '151.5', decimals: 0, rounding: 'whole' }, 5901, 8941],
    ['zero stays zero (free)', { rate: '0.92', rounding: 'ninety-nine' }, 0, 0],
  ])('%s', (_name, over, amount, expected) => {
    expect(convertAmount(amount, usd, currency(over))).toBe(expected);
  });

  it('is exact where floating point is not (0.1 + 0.2)', () => {
    expect(convertAmount(30, usd, currency({ rate: '1.1' }))).toBe(33);
    expect(convertAmount(1_000_000_000, usd, currency({ rate: '0.3' }))).toBe(300_000_000);
  });

  it('never lowers a price when rounding up, and keeps order between prices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), (amount, step) => {
        const eur = currency({ rate: '0.92', rounding: 'whole' });
        const a = convertAmount(amount, usd, eur);
        expect(a * 100).toBeGreaterThanOrEqual(Math.floor(amount * 92) - 100);
        expect(convertAmount(amount + step, usd, eur)).toBeGreaterThanOrEqual(a);
      }),
    );
  });

  it('refuses a rate that is not a decimal number', () => {
    expect(() => convertAmount(100, usd, currency({ rate: '1e3' }))).toThrow(/not an exchange rate/);
  });
});

describe('discountPercent (spec section 9: floored)', () => {
  it.each([
    [5900, 7900, 25],
    [6600, 9900, 33],
    [1, 3, 66],
    [100, 100, 0],
    [120, 100, 0],
  ])('%d instead of %d is %d%% off', (price, compareAt, percent) => {
    expect(discountPercent(price, compareAt)).toBe(percent);
  });
});
