// A card number never survives the log's mask, however it is written and whatever text is around it;
// numbers that are not a card's (order numbers, amounts, short runs) are left as they were.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVED_CARD, DECLINED_CARDS, luhnCheckDigit, SCENARIO_CARDS } from '../payments/simulated/card/test-numbers';
import { maskCardNumbers, passesLuhn } from './card-numbers';

/** What a person or a program puts between a card's digits. */
const SEPARATORS = [' ', '-', '  ', ' - ', '.', '/', '\t', '\n', '\u00a0', '\u2009', '\u2013', '\\u00a0', '\\t'];
/** The text with every separator taken out: what a reader sees when looking for the digits. */
const digitsOnly = (text: string) => SEPARATORS.reduce((t, s) => t.split(s).join(''), text);

/** A Luhn-valid number of 13–19 digits. */
const cardNumber = fc
  .integer({ min: 12, max: 18 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }))
  .map((digits) => {
    const body = digits.join('');
    return body + luhnCheckDigit(body);
  });

/** The number written with separators (none, one or several) between any of its digits. */
const written = (digits: string) =>
  fc
    .array(fc.constantFrom('', '', '', ...SEPARATORS), { minLength: digits.length - 1, maxLength: digits.length - 1 })
    .map((gaps) => [...digits].map((d, i) => d + (gaps[i] ?? '')).join(''));

/** Any text: letters, digits, separators, escapes and other scripts mixed. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc
    .array(fc.constantFrom('a', '1', '9', ' ', '-', '"', ':', '\\', 'u', '0', '{', '\u00a0', '\\u2009'), { maxLength: 20 })
    .map((a) => a.join('')),
);

describe('maskCardNumbers', () => {
  it('masks every test card of docs/payments.md, however it is written, keeping its last four digits', () => {
    const cards = [APPROVED_CARD, ...DECLINED_CARDS.keys(), ...SCENARIO_CARDS.keys()];
    for (const card of cards) {
      const grouped = card.match(/.{1,4}/g)!;
      for (const form of [card, grouped.join(' '), grouped.join('-'), grouped.join(' - '), grouped.join('\u00a0')]) {
        const masked = maskCardNumbers(`card ${form} declined`);
        expect(digitsOnly(masked), form).not.toContain(card);
        expect(masked).toContain(card.slice(-4));
        expect(masked.replace(/\D/g, '')).toBe(card.slice(-4));
      }
    }
    expect(maskCardNumbers('4242 4242 4242 4242')).toBe('**** **** **** 4242');
    expect(maskCardNumbers('4242-4242-4242-4242')).toBe('****-****-****-4242');
    expect(maskCardNumbers('{"number":"4242424242424242"}')).toBe('{"number":"************4242"}');
  });

  it('masks numbers of every length from 13 to 19 digits (Amex, Visa, Maestro, UnionPay)', () => {
    const unionPay19 = `621234567890123456${luhnCheckDigit('621234567890123456')}`;
    for (const card of [
      '4222222222222',
      '36227206271667',
      '378282246310005',
      '6011111111111117',
      '6759649826438453',
      unionPay19,
    ]) {
      expect(passesLuhn(card)).toBe(true);
      expect(maskCardNumbers(`x ${card} y`)).toBe(`x ${'*'.repeat(card.length - 4)}${card.slice(-4)} y`);
    }
  });

  // A longer run that merely holds a Luhn-valid stretch of 13 or more digits is masked too (one time in ten for
  // 13 digits): a line may lose digits of an id, never show a card.
  it('leaves text without a card number as it was: order numbers, amounts, times, short or Luhn-invalid runs', () => {
    for (const plain of [
      'order VG-00012 paid 43.20 EUR',
      '400 POST /api/paymentStrategy/failure (request 4f1c…): The body is not valid',
      'at payOrder (server/commerce/orders/pay-order.ts:120:15)',
      '2026-11-26T08:15:31.229Z',
      // 13 digits that fail the Luhn check: an epoch time in milliseconds, a mistyped number.
      '1764000000001',
      '4242 4242 4242 1',
      '424242424242',
      '',
    ]) {
      expect(maskCardNumbers(plain)).toBe(plain);
    }
  });

  it('property: a Luhn-valid number of 13–19 digits in any text, with any separators, never survives', () => {
    fc.assert(
      fc.property(
        cardNumber.chain((card) => fc.tuple(fc.constant(card), written(card), text, text)),
        ([card, form, before, after]) => {
          const masked = maskCardNumbers(`${before}${form}${after}`);
          expect(digitsOnly(masked)).not.toContain(card);
          expect(masked).not.toContain(card);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('property: several numbers in one text are all masked, and masking twice changes nothing more', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cardNumber, text), { minLength: 1, maxLength: 4 }), (parts) => {
        const line = parts.map(([card, between]) => `${between}${card}`).join('');
        const masked = maskCardNumbers(line);
        for (const [card] of parts) expect(digitsOnly(masked)).not.toContain(card);
        expect(maskCardNumbers(masked)).toBe(masked);
      }),
    );
  });

  it('property: only digits change, into *, and text of fewer than 13 digits is never touched', () => {
    fc.assert(
      fc.property(fc.oneof(text, cardNumber.chain(written)), (input) => {
        const masked = maskCardNumbers(input);
        expect(masked).toHaveLength(input.length);
        masked.split('').forEach((ch, i) => ch !== input[i] && expect([ch, /\d/.test(input[i]!)]).toEqual(['*', true]));
        if ((input.match(/\d/g) ?? []).length < 13) expect(masked).toBe(input);
      }),
    );
  });
});
