import { describe, expect, it } from 'vitest';
import { cleanTrackingNumber, isToken, isTrackingNumber } from './handles';
import { placedOrder } from '../../../test-support/renderer/order-fixture';
import { addressLines, buyerFirstName, countryName, paymentText } from './order-words';
import { nextPollDelay, STATUS_POLL_FOR_MS, STATUS_POLL_MS } from './use-order-status';

const t = (key: string, options?: Record<string, string | number>) =>
  key === 'order.cardEnding' ? `${options!.brand} ending in ${options!.last4}` : key;

describe('order words', () => {
  it('write an address as label lines in its country’s order, leaving out empty parts', () => {
    expect(addressLines(placedOrder.billingAddress!, 'en')).toEqual([
      'Charles Babbage',
      '1 Dorset Street',
      'London',
      'W1U 4EG',
      'United Kingdom',
      '+44 20 7946 0000',
    ]);
    expect(addressLines(placedOrder.shippingAddress!, 'de')).toEqual([
      'Ada Lovelace',
      '12 Hudson Street',
      'Apt 4',
      'New York, NY 10013',
      'Vereinigte Staaten',
      '+1 212 555 0100',
    ]);
  });

  it('name a country in the page language, and keep a code no runtime knows', () => {
    expect(countryName('FR', 'fr')).toBe('France');
    expect(countryName('DE', 'cn')).toBe('德国');
    expect(countryName('QQ', 'en')).toBe('QQ');
  });

  it('greet by the shipping first name, else the billing one, else nobody', () => {
    expect(buyerFirstName(placedOrder)).toBe('Ada');
    expect(buyerFirstName({ ...placedOrder, shippingAddress: null })).toBe('Charles');
    expect(buyerFirstName({ shippingAddress: null, billingAddress: null })).toBe('');
  });

  it('say how an order was paid, with the card when there is one', () => {
    expect(paymentText(t, placedOrder.payment!)).toBe('Credit card · Visa ending in 4242');
    expect(paymentText(t, { ...placedOrder.payment!, cardBrand: 'visa' })).toBe('Credit card · Visa ending in 4242');
    expect(paymentText(t, { ...placedOrder.payment!, cardBrand: 'amex', cardLast4: '0005' })).toBe(
      'Credit card · American Express ending in 0005',
    );
    expect(paymentText(t, { method: 'bank', name: 'Bank transfer', cardBrand: null, cardLast4: null })).toBe('Bank transfer');
  });
});

describe('order page handles', () => {
  it('take only 32 lowercase hex digits as a token', () => {
    expect(isToken('0f1e2d3c4b5a69788796a5b4c3d2e1f0')).toBe(true);
    for (const bad of [
      '',
      'VG-10042',
      '0f1e2d3c4b5a69788796a5b4c3d2e1f',
      '0F1E2D3C4B5A69788796A5B4C3D2E1F0',
      `${'a'.repeat(32)}/x`,
    ]) {
      expect(isToken(bad), bad).toBe(false);
    }
  });

  it('read a tracking number as typed, without surrounding spaces, and refuse what cannot be one', () => {
    expect(cleanTrackingNumber('  VGTRACK0001 ')).toBe('VGTRACK0001');
    expect(cleanTrackingNumber(12345)).toBe('12345');
    expect(cleanTrackingNumber({ a: 1 })).toBe('');
    expect(isTrackingNumber('VGTRACK0001')).toBe(true);
    expect(isTrackingNumber('')).toBe(false);
    expect(isTrackingNumber('X'.repeat(41))).toBe(false);
  });
});

describe('payment status polling', () => {
  it('asks again every few seconds while the payment is pending, for at most the bank window', () => {
    expect(nextPollDelay('pending', 0)).toBe(STATUS_POLL_MS);
    expect(nextPollDelay('pending', STATUS_POLL_FOR_MS - STATUS_POLL_MS)).toBe(STATUS_POLL_MS);
    expect(nextPollDelay('pending', STATUS_POLL_FOR_MS)).toBeNull();
  });

  it('stops once the status is final', () => {
    for (const status of ['paid', 'expired', 'refunded', 'canceled'] as const) expect(nextPollDelay(status, 0)).toBeNull();
  });
});
