// POST /api/stripe/create-payment (spec section 7; signed like every paying call): body { orderToken },
// answers { clientSecret, publishableKey } of the order's waiting Stripe Payment Element payment, for a
// browser that mounts the Payment Element itself (the shop's own page for it is the provider's
// /api/payment-providers/stripe/pay/{paymentIntentId}, which needs no call).
//
// Design: the call is ALWAYS served, whether or not Stripe's keys are set, and answers 7005 (payment
// channel not supported) when the shop has no Stripe provider. So the shop's API is the same whatever
// its settings: the document `npm run gen` makes from routes built with no providers is the one the app
// serves (openapi.test.ts), and the bad-input test gives its shop a Stripe provider pointed at the
// local mock of Stripe's API (test-support/server/mock-stripe.ts) so the call's valid example answers
// 200 and every bad variant of it is refused in the envelope. Serving it only with the keys would make
// the described API depend on the environment.
import { Hono } from 'hono';
import type { StripePayment, StripePaymentRequest } from '../../schemas/generated/api';
import { ShopError } from '../commerce/errors';
import { WAITING } from '../commerce/orders/settle-payment';
import { STRIPE, type StripeProvider } from '../payments/stripe/provider';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

export function stripeRoutes(deps: ApiDeps) {
  const { commerce, payments, origin } = deps;
  const signed = signedPayment(commerce.paymentRequests, origin);
  return new Hono().post(
    '/stripe/create-payment',
    describeRoute({
      summary:
        "Stripe Payment Element: the client secret of the order's waiting Stripe payment and the publishable key (7005 when Stripe's keys are not set)",
      tag: 'Payment',
      response: 'StripePayment',
      caller: 'anyone',
    }),
    signed,
    validate('json', 'StripePaymentRequest'),
    async (c) => {
      const stripe = payments.provider(STRIPE) as StripeProvider | undefined;
      if (!stripe) throw new ShopError('paymentChannelNotSupported', 'The shop does not take Stripe payments.');
      const { orderToken } = valid<StripePaymentRequest>(c, 'json');
      const { order, payment } = await commerce.orders.withPayment(orderToken);
      if (order.status === 'paid') throw new ShopError('orderAlreadySettled', 'This order is paid.');
      if (order.status !== 'pending') throw new ShopError('paymentPeriodExpired', 'The time to pay this order ran out.');
      const method = payment ? await payments.method(payment.method) : undefined;
      if (!payment || !WAITING.includes(payment.status) || method?.handler.id !== STRIPE || method.options.mode !== 'element')
        throw new ShopError('paymentMethodError', 'This order has no Stripe card payment waiting: pay it with Stripe first.');
      return ok<StripePayment>(c, {
        clientSecret: await stripe.clientSecret(payment.providerReference!),
        publishableKey: stripe.publishableKey,
      });
    },
  );
}
