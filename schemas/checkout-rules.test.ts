// Spec section 5, table by table: each rule with values it takes and values it refuses.
import { describe, expect, it } from 'vitest';
import countries from '../fixtures/countries.json' with { type: 'json' };
import * as rule from './checkout-rules';

const us = countries.find((c) => c.code === 'US')!;
const gb = countries.find((c) => c.code === 'GB')!;

describe('checkout rules (spec section 5)', () => {
  it.each([
    ['ana.maria_b-2@example.co.uk', null],
    ['a@b.io', null],
    ['', 'required'],
    ['  ', 'required'],
    ['no-at-sign.example.com', 'email'],
    ['a@b', 'email'],
    ['a@b.c', 'email'],
    ['a+tag@example.com', 'email'],
    ['a b@example.com', 'email'],
  ])('email %j → %s', (value, problem) => expect(rule.email(value)).toBe(problem));

  it.each([
    ['+1 415-555-0134', null],
    ['0044 20 7946 0958', null],
    ['06 12 34 56 78', null],
    ['4155550134', null],
    ['', 'required'],
    ['12345', 'phone'],
    ['+1 415 555 0134 555 0134 5', 'phone'],
    ['phone me', 'phone'],
    ['415--555', 'phone'],
  ])('phone %j → %s', (value, problem) => expect(rule.phone(value)).toBe(problem));

  it.each([
    ['12 Rue de la Paix', null],
    ['Flat 3, 221B Baker Street', null],
    ['Hauptstraße 5', null],
    ['12 34', 'addressInvalid'],
    ['12-34/56.', 'addressInvalid'],
    ['１２３', 'addressInvalid'],
    ['１２ ３.', 'addressInvalid'],
    ['...', 'addressInvalid'],
    ['', 'required'],
  ])('address line %j → %s', (value, problem) => expect(rule.addressLine(value)).toBe(problem));

  it('checks a postcode against its country', () => {
    expect(rule.zip('94103', us)).toBeNull();
    expect(rule.zip('94103-1234', us)).toBeNull();
    expect(rule.zip('9410', us)).toBe('zip');
    expect(rule.zip('', us)).toBe('required');
    expect(rule.zip('SW1A 1AA', gb)).toBeNull();
    expect(rule.zip('anything', {})).toBeNull();
  });

  it.each([
    ['4242 4242 4242 4242', null],
    ['4000-0566-5566-5556', null],
    ['4242 4242 4242 4241', 'cardNumber'],
    ['1234', 'cardNumber'],
    ['abcd efgh ijkl mnop', 'cardNumber'],
    ['', 'required'],
  ])('card number %j → %s', (value, problem) => expect(rule.cardNumber(value)).toBe(problem));

  it('takes an expiry date from this month on', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(rule.cardExpiry('11/26', now)).toBeNull();
    expect(rule.cardExpiry('1 / 2030', now)).toBeNull();
    expect(rule.cardExpiry('10/26', now)).toBe('cardExpiry');
    expect(rule.cardExpiry('13/27', now)).toBe('cardExpiry');
    expect(rule.cardExpiry('12/99', now)).toBe('cardExpiry');
    expect(rule.cardExpiry('soon', now)).toBe('cardExpiry');
  });

  it('takes a 3- or 4-digit security code', () => {
    expect(rule.cardCvc('123')).toBeNull();
    expect(rule.cardCvc('1234')).toBeNull();
    expect(rule.cardCvc('12')).toBe('cardCvc');
    expect(rule.cardCvc('12a')).toBe('cardCvc');
  });

  it('bounds lengths, tips, and asks for a coupon code', () => {
    expect(rule.length('abc', 2, 5)).toBeNull();
    expect(rule.length('a', 2)).toBe('length');
    expect(rule.length('abcdef', 2, 5)).toBe('length');
    expect(rule.tip(0, 5000)).toBeNull();
    expect(rule.tip(5001, 5000)).toBe('tipTooHigh');
    expect(rule.tip(-1, 5000)).toBe('tipTooHigh');
    expect(rule.coupon(' ')).toBe('couponRequired');
    expect(rule.coupon('SAVE5')).toBeNull();
  });

  it('has the helper checks the spec names', () => {
    expect(rule.digitsAndSpaces('415 555')).toBe(true);
    expect(rule.digitsAndSpaces('415-555')).toBe(false);
    expect(rule.numericOnly('0123')).toBe(true);
    expect(rule.latinLettersOnly('Zoë')).toBe(false);
    expect(rule.lettersAndDigits('221B')).toBe(true);
    expect(rule.lettersAndDigits('221')).toBe(false);
  });
});
