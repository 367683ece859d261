import { describe, expect, it } from 'vitest';
import { emptyAddress, formFromCheckout } from './checkout-form';
import { addressProblems, cardProblems, fieldProblem, fullUpdate, orderedPaths, serverFieldErrors } from './validation';
import { checkoutFixture, FR, shippingAddress, US } from '../../../test-support/renderer/checkout-fixture';

const countries = [US, FR];

describe('the checkout form', () => {
  it('starts with the spec defaults: newsletter off, billing same as shipping, the visitor’s country', () => {
    const form = formFromCheckout(checkoutFixture(), countries, 'US');
    expect(form.acceptsMarketing).toBe(false);
    expect(form.asShippingAddress).toBe(true);
    expect(form.shippingAddress.country).toBe('US');
    expect(form.email).toBe('');
  });

  it('comes back as it was saved', () => {
    const form = formFromCheckout(
      checkoutFixture({ email: 'ada@example.com', shippingAddress, shippingTemplateId: 2, tip: 500 }),
      countries,
    );
    expect(form).toMatchObject({ email: 'ada@example.com', shippingAddress, shippingTemplateId: 2, tip: 500 });
  });

  it('names each problem of an address by the path the server uses', () => {
    const address = { ...emptyAddress('US'), address1: '12 34', zip: '123', phone: 'call me' };
    expect(addressProblems('shippingAddress', address, countries)).toEqual({
      '/shippingAddress/firstName': 'required',
      '/shippingAddress/lastName': 'required',
      '/shippingAddress/province': 'required',
      '/shippingAddress/city': 'required',
      '/shippingAddress/address1': 'addressInvalid',
      '/shippingAddress/zip': 'zip',
      '/shippingAddress/phone': 'phone',
    });
    expect(addressProblems('billingAddress', shippingAddress, countries)).toEqual({});
  });

  it('asks a province only where the country has them, and refuses a country the shop does not serve', () => {
    const french = { ...shippingAddress, country: 'FR', province: '', zip: '75001' };
    expect(addressProblems('shippingAddress', french, countries)).toEqual({});
    expect(
      fieldProblem(
        '/shippingAddress/country',
        { ...formFromCheckout(checkoutFixture(), countries), shippingAddress: { ...french, country: 'ZZ' } },
        countries,
      ),
    ).toBe('unsupportedCountry');
  });

  it('checks an address of full-width digits as no street', () => {
    const form = {
      ...formFromCheckout(checkoutFixture(), countries),
      shippingAddress: { ...shippingAddress, address1: '１２３' },
    };
    expect(fieldProblem('/shippingAddress/address1', form, countries)).toBe('addressInvalid');
    expect(fieldProblem('/email', { ...form, email: 'ada@' }, countries)).toBe('email');
  });

  it('checks card fields before they are sent: Luhn, a future expiry, a 3 or 4 digit code, a name', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(cardProblems({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada' }, now)).toEqual({});
    expect(cardProblems({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: '' }, now)).toEqual({
      '/card/number': 'cardNumber',
      '/card/expiry': 'cardExpiry',
      '/card/cvc': 'cardCvc',
      '/card/name': 'required',
    });
  });

  it("maps the server's 400 onto the same fields (card errors of the provider under /card)", () => {
    const data = {
      errors: [
        { path: '/shippingAddress/zip', message: 'must be a valid zip code', rule: 'zip' },
        { path: '/shippingAddress/country', message: 'Unfortunately…', rule: 'unsupportedCountry' },
        { path: '/tip', message: 'is more than the tip allowed', rule: 'tipTooHigh' },
      ],
    };
    expect(serverFieldErrors(data)).toEqual({
      '/shippingAddress/zip': 'zip',
      '/shippingAddress/country': 'unsupportedCountry',
      '/tip': 'tipTooHigh',
    });
    expect(serverFieldErrors({ errors: [{ path: '/number', rule: 'cardNumber' }] }, '/card')).toEqual({
      '/card/number': 'cardNumber',
    });
    expect(serverFieldErrors({ errors: [{ path: '/code', message: 'please enter the coupon' }] })).toEqual({
      '/code': 'couponRequired',
    });
    expect(serverFieldErrors({ errors: [{ path: '/code', message: 'enter a valid discount code' }] })).toEqual({
      '/code': 'couponInvalid',
    });
    expect(serverFieldErrors(null)).toEqual({});
  });

  it('sends the billing address only when it differs from shipping', () => {
    const form = {
      ...formFromCheckout(checkoutFixture({ shippingAddress }), countries),
      email: ' ada@example.com ',
      shippingTemplateId: 1,
    };
    expect(fullUpdate('t', form)).toEqual({
      token: 't',
      email: 'ada@example.com',
      acceptsMarketing: false,
      shippingAddress,
      asShippingAddress: true,
      shippingTemplateId: 1,
      insurance: false,
      tip: 0,
    });
    expect(fullUpdate('t', { ...form, asShippingAddress: false }).billingAddress).toBeDefined();
  });

  it('lists problems in the order of the page, so the first one focused is the first one seen', () => {
    expect(orderedPaths({ '/card/cvc': 'cardCvc', '/shippingAddress/zip': 'zip', '/email': 'email' })).toEqual([
      '/email',
      '/shippingAddress/zip',
      '/card/cvc',
    ]);
  });
});

describe('the address form’s first country (issue 23)', () => {
  it('is the visitor’s country, not the first of the list', () => {
    const list = [{ ...FR, code: 'AU', name: 'Australia' }, FR, US];
    const fresh = checkoutFixture({ shippingAddress: null, billingAddress: null });
    expect(formFromCheckout(fresh, list, 'US').shippingAddress.country).toBe('US');
    expect(formFromCheckout(fresh, list, 'FR').billingAddress.country).toBe('FR');
    // Not served: none chosen, the shopper picks.
    expect(formFromCheckout(fresh, list, 'BR').shippingAddress.country).toBe('');
  });
});
