// A checkout's events (issue 27), told as the server's checkout reaches each point, once per checkout in
// this tab: begun, a contact given (AddContactInfo), a way of shipping chosen for an address
// (AddShipppingInfo, the spec's spelling), and the payment given when the shopper pays (use-pay.ts).
import { useEffect } from 'react';
import type { Checkout } from '../../schemas/generated/api';
import { priced, trackOnce } from './commerce-events';

const value = (checkout: Checkout) => priced(checkout.lines, checkout.totals.totalPrice);

export function useCheckoutEvents(checkout: Checkout): void {
  useEffect(() => {
    if (checkout.status !== 'open' || !checkout.lines.length) return;
    const key = `checkout:${checkout.token}`;
    trackOnce(`${key}:begin`, { name: 'InitiateCheckout', ...value(checkout) });
    if (checkout.email) trackOnce(`${key}:contact`, { name: 'AddContactInfo', ...value(checkout) });
    if (checkout.shippingAddress && checkout.shippingTemplateId !== null)
      trackOnce(`${key}:shipping`, { name: 'AddShipppingInfo', ...value(checkout) });
  }, [checkout]);
}

export function trackPaymentInfo(checkout: Checkout, method: string): void {
  trackOnce(`checkout:${checkout.token}:payment:${method}`, { name: 'AddPaymentInfo', method, ...value(checkout) });
}
