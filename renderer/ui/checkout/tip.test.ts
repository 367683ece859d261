import { describe, expect, it } from 'vitest';
import type { Currency } from '../../../schemas/generated/api';
import { parseAmount, presetAmount, toBase } from './tip';

const currency = (code: string, rate: string, decimals = 2): Currency =>
  ({ code, rate, decimals, symbol: '', rounding: 'cent', moneyFormat: '', moneyWithCurrencyFormat: '' }) as Currency;

describe('the tip', () => {
  it('offers percents of the subtotal, rounded to the minor unit', () => {
    expect(presetAmount({ amount: 8550, currencyCode: 'USD' }, 10)).toBe(855);
    expect(presetAmount({ amount: 8555, currencyCode: 'USD' }, 5)).toBe(428);
  });

  it('is kept in base units: the shown amount is converted back with the rate', () => {
    const usd = currency('USD', '1');
    expect(toBase(500, usd, usd)).toBe(500);
    expect(toBase(460, currency('EUR', '0.92'), usd)).toBe(500);
    expect(toBase(356, currency('JPY', '356', 0), usd)).toBe(100);
  });

  it('reads what the shopper typed, with a point or a comma', () => {
    expect(parseAmount('5', 2)).toBe(500);
    expect(parseAmount('5,50', 2)).toBe(550);
    expect(parseAmount(' 12.3 ', 2)).toBe(1230);
    expect(parseAmount('-1', 2)).toBeNull();
    expect(parseAmount('five', 2)).toBeNull();
  });
});
