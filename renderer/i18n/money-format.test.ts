import { describe, expect, it } from 'vitest';
import { applyMoneyFormat, MONEY_PLACEHOLDERS } from './money-format';

describe('money formats of spec section 9', () => {
  it.each([
    ['${{amount}}', 113465, 2, '$1,134.65'],
    ['${{amount}}', 5, 2, '$0.05'],
    ['¥{{amount_no_decimals}}', 1134, 0, '¥1,134'],
    ['${{amount_no_decimals}}', 113465, 2, '$1,135'],
    ['{{amount_with_comma_separator}} €', 113465, 2, '1.134,65 €'],
    ['{{amount_no_decimals_with_comma_separator}} Ft', 1134565, 2, '11.346 Ft'],
    ['CHF {{amount_with_apostrophe_separator}}', 113465, 2, "CHF 1'134.65"],
    ['{{amount_no_decimals_with_space_separator}} kr', 113465, 2, '1 135 kr'],
    ['{{amount_with_space_separator}} zł', 113465, 2, '1 134,65 zł'],
    ['C${{amount_with_period_and_space_separator}}', 113465, 2, 'C$1 134.65'],
    ['${{ amount }} USD', 1234567890, 2, '$12,345,678.90 USD'],
    ['{{amount}}', -2500, 2, '-25.00'],
  ])('%s writes %d (%d decimals) as %s', (format, minor, decimals, expected) => {
    expect(applyMoneyFormat(format, minor, decimals)).toBe(expected);
  });

  it('falls back to {{amount}} for a format without a known placeholder', () => {
    expect(applyMoneyFormat('{{price}} €', 1050, 2)).toBe('10.50 €');
    expect(applyMoneyFormat('', 1050, 2)).toBe('10.50');
  });

  it('knows every placeholder of the spec', () => {
    expect(MONEY_PLACEHOLDERS).toHaveLength(8);
  });
});
