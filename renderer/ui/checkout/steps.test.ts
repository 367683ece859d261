import { describe, expect, it } from 'vitest';
import { checkoutFixture, shippingAddress } from '../../../test-support/renderer/checkout-fixture';
import { furthestStep, stepAllowed, stepHref, stepNumber } from './steps';

const token = '0123456789abcdef0123456789abcdef';

describe('the steps of the multi-step checkout', () => {
  it('count from 1', () => {
    expect([stepNumber('information'), stepNumber('shipping'), stepNumber('payment')]).toEqual([1, 2, 3]);
  });

  it('continue at the furthest step whose earlier steps are complete', () => {
    expect(furthestStep(checkoutFixture())).toBe('information');
    expect(furthestStep(checkoutFixture({ email: 'a@b.co' }))).toBe('information');
    expect(furthestStep(checkoutFixture({ email: 'a@b.co', shippingAddress }))).toBe('shipping');
    expect(furthestStep(checkoutFixture({ email: 'a@b.co', shippingAddress, shippingTemplateId: 1 }))).toBe('payment');
  });

  it('send a shopper who skips ahead back to the step to complete, and let anyone go back', () => {
    const informed = checkoutFixture({ email: 'a@b.co', shippingAddress });
    expect(stepAllowed('payment', informed)).toBe('shipping');
    expect(stepAllowed('shipping', checkoutFixture())).toBe('information');
    expect(stepAllowed('shipping', informed)).toBeNull();
    expect(stepAllowed('information', checkoutFixture({ email: 'a@b.co', shippingAddress, shippingTemplateId: 1 }))).toBeNull();
  });

  it('have the addresses of spec section 2', () => {
    expect(stepHref('information', token)).toBe(`/checkout/${token}`);
    expect(stepHref('shipping', token)).toBe(`/checkout/shipping?token=${token}`);
    expect(stepHref('payment', token)).toBe(`/checkout/payment?token=${token}`);
  });
});
