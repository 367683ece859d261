import { describe, expect, it } from 'vitest';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import { validateFunnel } from './validate-funnel';

const landing: FunnelStep = { id: 'landing', type: 'landing', page: 'bundle-landing', next: 'checkout' };
const checkout: FunnelStep = { id: 'checkout', type: 'checkout', page: 'bundle-checkout', next: 'upsell' };
const upsell: FunnelStep = {
  id: 'upsell',
  type: 'upsell',
  page: 'bundle-upsell',
  product: 'leather-wallet',
  next: 'thanks',
  onDecline: 'downsell',
};
const downsell: FunnelStep = {
  id: 'downsell',
  type: 'downsell',
  page: 'bundle-downsell',
  product: 'wool-beanie',
  next: 'thanks',
  onDecline: 'thanks',
};
const thanks: FunnelStep = { id: 'thanks', type: 'thank-you', page: 'bundle-thanks' };
const funnel = (steps: FunnelStep[]) => ({ $schema: '../../schemas/funnel.schema.json', handle: 'summer-bundle', steps });
const errorsOf = (input: unknown) => {
  const result = validateFunnel(input);
  if (result.ok) throw new Error('expected the funnel to be refused');
  return result.errors;
};

describe('validateFunnel', () => {
  it('accepts landing -> checkout -> upsell (declined: downsell) -> thank-you', () => {
    expect(validateFunnel(funnel([landing, checkout, upsell, downsell, thanks]))).toMatchObject({ ok: true });
    // A funnel may start at its checkout, and a step may be reached two ways.
    expect(validateFunnel(funnel([checkout, upsell, downsell, thanks]))).toMatchObject({ ok: true });
  });

  it("refuses a title by locale without the shop's default locale, when a save gives it", () => {
    const titled = (title: unknown) => ({ ...funnel([checkout, upsell, downsell, thanks]), title });
    expect(validateFunnel(titled({ fr: "Lot d'été" }), { defaultLocale: 'en' })).toEqual({
      ok: false,
      errors: [{ path: '/title', message: "The text in the shop's default language (en) is needed." }],
    });
    expect(validateFunnel(titled({ en: '', fr: 'x' }), { defaultLocale: 'en' })).toEqual({
      ok: false,
      errors: [{ path: '/title/en', message: 'must not be empty' }],
    });
    expect(validateFunnel(titled({ fr: "Lot d'été" }), { defaultLocale: 'fr' })).toMatchObject({ ok: true });
    expect(validateFunnel(titled('Summer bundle'), { defaultLocale: 'en' })).toMatchObject({ ok: true });
  });

  it('refuses what the schema does not allow, with pointers', () => {
    expect(errorsOf({ handle: 'Summer Bundle', steps: [{ id: '1st', type: 'popup', page: 'x' }], extra: 1 })).toEqual(
      expect.arrayContaining([
        { path: '/extra', message: 'is not a known property; allowed: handle, title, steps' },
        { path: '/handle', message: 'must be lowercase letters, digits and single hyphens, e.g. summer-bundle' },
        { path: '/steps', message: 'must have at least 2 items' },
        { path: '/steps/0/id', message: 'must start with a letter and hold only letters, digits, - and _' },
        { path: '/steps/0/type', message: 'must be one of: "landing", "checkout", "upsell", "downsell", "thank-you"' },
      ]),
    );
  });

  it('refuses a step naming a step that does not exist, and two steps with one id', () => {
    expect(errorsOf(funnel([landing, { ...checkout, next: 'upsel' }, upsell, downsell, { ...thanks, id: 'landing' }]))).toEqual(
      expect.arrayContaining([
        { path: '/steps/1/next', message: 'names no step ("upsel")' },
        { path: '/steps/4/id', message: 'is the id of step 0 too: each step needs its own' },
      ]),
    );
  });

  it('refuses a loop', () => {
    const back = { ...downsell, onDecline: 'upsell' };
    expect(errorsOf(funnel([landing, checkout, upsell, back, thanks]))).toEqual([
      { path: '/steps/3/onDecline', message: 'leads back to step "upsell": a funnel may not loop' },
    ]);
  });

  it('refuses an upsell with no product or no step for a decline, and offer fields on other steps', () => {
    const { product: _product, onDecline: _onDecline, ...bare } = upsell;
    expect(errorsOf(funnel([landing, checkout, bare, downsell, thanks]))).toEqual([
      { path: '/steps/2', message: 'needs "product": the product an upsell offers' },
      { path: '/steps/2', message: 'needs "onDecline": the step when the upsell is declined' },
    ]);
    expect(errorsOf(funnel([{ ...landing, product: 'linen-shirt' }, checkout, upsell, downsell, thanks]))).toEqual([
      { path: '/steps/0/product', message: 'only an upsell or a downsell has product' },
    ]);
  });

  it('refuses an offer before the checkout, a funnel with no checkout, and a first step that is an offer', () => {
    const early = { ...upsell, next: 'checkout', onDecline: 'checkout' };
    expect(errorsOf(funnel([{ ...landing, next: 'upsell' }, early, { ...checkout, next: 'thanks' }, thanks]))).toEqual([
      { path: '/steps/1', message: 'an upsell must come after the checkout (it charges the payment made there)' },
    ]);
    expect(errorsOf(funnel([{ ...landing, next: 'thanks' }, thanks]))).toEqual([
      { path: '/steps', message: 'a funnel needs a checkout step' },
    ]);
    expect(errorsOf(funnel([upsell, checkout, downsell, thanks]))).toEqual(
      expect.arrayContaining([{ path: '/steps/0/type', message: 'the first step must be a landing page or the checkout' }]),
    );
  });

  it('refuses a step that is never reached, a dead end, and a thank-you page that goes on', () => {
    expect(errorsOf(funnel([checkout, { ...upsell, onDecline: 'thanks' }, downsell, thanks]))).toEqual([
      { path: '/steps/2', message: 'is never reached from the first step ("checkout")' },
    ]);
    const { next: _next, ...deadEnd } = checkout;
    expect(errorsOf(funnel([landing, deadEnd, thanks]))).toEqual(
      expect.arrayContaining([{ path: '/steps/1', message: 'needs "next": the step after this checkout step' }]),
    );
    expect(errorsOf(funnel([landing, { ...checkout, next: 'thanks' }, { ...thanks, next: 'landing' }]))).toEqual([
      { path: '/steps/2/next', message: 'a thank-you step ends the funnel: it has no next step' },
    ]);
  });
});
