// The steps of the multi-step checkout (spec section 4: cart, information, shipping, payment, then
// thank-you; the counter starts at 1). A step is reachable only when the ones before it are complete,
// so neither the back button nor a typed address leaves the shopper where the checkout cannot go on.
import type { Checkout } from '../../../schemas/generated/api';

export type CheckoutStep = 'information' | 'shipping' | 'payment';

export const STEPS: readonly CheckoutStep[] = ['information', 'shipping', 'payment'];

/** "Step n of 3", from 1. */
export const stepNumber = (step: CheckoutStep) => STEPS.indexOf(step) + 1;

export const informationComplete = (checkout: Checkout) => Boolean(checkout.email && checkout.shippingAddress);

export const shippingComplete = (checkout: Checkout) => informationComplete(checkout) && checkout.shippingTemplateId !== null;

/** The furthest step whose earlier steps are complete (`?actions=continue` goes there). */
export function furthestStep(checkout: Checkout): CheckoutStep {
  if (shippingComplete(checkout)) return 'payment';
  if (informationComplete(checkout)) return 'shipping';
  return 'information';
}

/** Where a step's address takes the shopper when an earlier step is not complete (null: stay). */
export function stepAllowed(step: CheckoutStep, checkout: Checkout): CheckoutStep | null {
  const furthest = furthestStep(checkout);
  return STEPS.indexOf(step) > STEPS.indexOf(furthest) ? furthest : null;
}

/** The address of a step of a checkout. */
export function stepHref(step: CheckoutStep, token: string): string {
  return step === 'information' ? `/checkout/${token}` : `/checkout/${step}?token=${token}`;
}
