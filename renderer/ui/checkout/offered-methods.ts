// The payment methods a checkout offers: those of the shop (or funnel) whose scheme serves the
// destination the shopper chose and the checkout's currency, one card form (schemas/payment-reach.ts,
// the rule the server refuses a payment by), express wallets aside (they are the row above the form).
import { useMemo } from 'react';
import { offeredFor } from '../../../schemas/payment-reach';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { useCheckout } from '../../state/checkout-store';

export function useOfferedMethods(): PaymentMethod[] {
  const { methods, form, checkout } = useCheckout();
  // The country the form shows (it is what the shopper sees chosen); the saved one until it has one.
  const country = form.shippingAddress.country || checkout.shippingAddress?.country || '';
  const currency = checkout.totals.totalPrice.currencyCode;
  return useMemo(
    () =>
      offeredFor(
        methods.filter((m) => m.type !== 'EXPRESS'),
        { country, currency },
      ),
    [methods, country, currency],
  );
}

/** The method chosen: the shopper's while it is offered, else the merchant's default, else the first. */
export const chosenOf = (offered: PaymentMethod[], code: string): PaymentMethod | undefined =>
  offered.find((m) => m.code === code) ?? offered.find((m) => m.defaulted) ?? offered[0];
