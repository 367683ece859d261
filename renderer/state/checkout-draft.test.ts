import { describe, expect, it } from 'vitest';
import { emptyAddress, type CheckoutForm } from '../ui/checkout/checkout-form';
import { newIdempotencyKey, withCountry } from './checkout-draft';

describe('payment attempts', () => {
  it('get a fresh key each, as the order API takes it (at least 16 characters of [A-Za-z0-9_-])', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });
});

describe("the visitor's country in a restored form", () => {
  const form = (shipping: string, billing: string): CheckoutForm => ({
    email: '',
    acceptsMarketing: false,
    saveInfo: false,
    shippingAddress: emptyAddress(shipping),
    asShippingAddress: true,
    billingAddress: emptyAddress(billing),
    shippingTemplateId: null,
    insurance: false,
    tip: 0,
  });

  it('goes into the shipping address, and into the billing address when it was the same country', () => {
    const before = form('DE', 'DE');
    const after = withCountry(before, 'AT');
    expect([after.shippingAddress.country, after.billingAddress.country]).toEqual(['AT', 'AT']);
    expect(before.shippingAddress.country).toBe('DE');
  });

  it('leaves a billing address of another country as it is', () => {
    const before = form('DE', 'FR');
    const after = withCountry(before, 'AT');
    expect([after.shippingAddress.country, after.billingAddress.country]).toEqual(['AT', 'FR']);
    expect(after.billingAddress).toBe(before.billingAddress);
  });
});
