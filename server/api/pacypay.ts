// PacyPay's call (spec section 7: POST api/pacypay/create-order; signed and idempotent like create-order):
// places the checkout's order and pays it with a PacyPay method; the answer's `next` is PacyPay's hosted
// payment page (server/payments/simulated/hosted/pacypay.ts).
import { Hono } from 'hono';
import type { ProviderOrderRequest } from '../../schemas/generated/api';
import { PACYPAY } from '../payments/simulated/hosted/pacypay';
import { checkoutPayer } from './checkout-payer';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { idempotent } from './idempotency';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

export function pacypayRoutes(deps: ApiDeps) {
  const payer = checkoutPayer(deps);
  return new Hono().post(
    '/pacypay/create-order',
    describeRoute({
      summary:
        "Places the checkout's order and pays it with PacyPay: `next` is PacyPay's hosted payment page (7005 for another method)",
      tag: 'Payment',
      response: 'PaymentOutcome',
      caller: 'anyone',
    }),
    signedPayment(deps.commerce.paymentRequests, deps.origin),
    validate('json', 'ProviderOrderRequest'),
    idempotent(deps.commerce.paymentRequests.idempotencyKeys),
    async (c) => {
      const request = valid<ProviderOrderRequest>(c, 'json');
      await payer.refuseUnlessOf(request.paymentMethodCode, PACYPAY);
      return payer.pay(c, request);
    },
  );
}
