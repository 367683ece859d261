// Paying a checkout from a payment call (spec section 7): the shop's create-order and paymentStrategy, and
// the providers' own calls that place the order the same way (PacyPay's create-order, Oceanpayment's
// one-page checkout, AsiaBill's confirmCharge). One answer for all: where the shopper goes now, and the
// confirmation mail once when the order was paid by this call.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CONSENT_COOKIE, parseConsent } from '../../renderer/consent/consent-cookie';
import type { CreateOrderRequest, PaymentOutcome } from '../../schemas/generated/api';
import { ShopError } from '../commerce/errors';
import type { OrderRow } from '../commerce/orders/place-order';
import type { PaymentRow } from '../commerce/orders/settle-payment';
import type { ConsentInput } from '../commerce/purchase-events/consent';
import type { ApiDeps } from './deps';
import { ok } from './envelope';

/**
 * The shopper's consent as the `consent` cookie holds it when they pay, and what an ad platform matches a
 * server event on (kept only if advertising is granted: purchase-events/consent.ts). An API client without
 * the cookie pays under the configured defaults.
 */
const consentOf = async (c: Context, commerce: ApiDeps['commerce']): Promise<ConsentInput> => ({
  choice: parseConsent(getCookie(c, CONSENT_COOKIE)),
  policy: await commerce.consent.policy(),
  match: { userAgent: c.req.header('user-agent'), fbp: getCookie(c, '_fbp'), fbc: getCookie(c, '_fbc') },
});

export function checkoutPayer({ commerce, payments, onOrderPaid }: ApiDeps) {
  /** The outcome of a payment call (the mail once when this call paid the order). */
  const outcome = (result: { order: OrderRow; payment: PaymentRow | null; newlyPaid: boolean }): PaymentOutcome => {
    if (result.newlyPaid) onOrderPaid(result.order.token!);
    return commerce.orders.outcome(result.order, result.payment);
  };
  const answer = (c: Context, result: { order: OrderRow; payment: PaymentRow | null; newlyPaid: boolean }) =>
    ok<PaymentOutcome>(c, outcome(result));

  /** Places the checkout's order (or takes the one waiting) and pays it with the request's method. */
  const place = async (c: Context, request: CreateOrderRequest) => {
    const { shopper } = c.var;
    // Placed while signed in: the order is the customer's, and "save this information" fills their book.
    const signedIn = shopper.customer;
    const customer = signedIn && { id: signedIn.id, saveAddress: request.saveAddress === true };
    return commerce.orders.pay(request, {
      locale: shopper.locale,
      currency: shopper.currency,
      base: shopper.baseCurrency,
      now: new Date(),
      ...(customer && { customer }),
      consent: await consentOf(c, commerce),
    });
  };

  /** 7005 unless the method is one the shop offers through `provider` (a provider's own call pays with its own methods). */
  const refuseUnlessOf = async (code: string, provider: string) => {
    const method = await payments.method(code);
    if (method?.handler.id !== provider)
      throw new ShopError('paymentChannelNotSupported', `${code} is not a payment method of ${provider} in this shop.`);
    return method;
  };

  return {
    outcome,
    answer,
    place,
    pay: async (c: Context, request: CreateOrderRequest) => answer(c, await place(c, request)),
    refuseUnlessOf,
  };
}
