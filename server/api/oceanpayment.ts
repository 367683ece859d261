// Oceanpayment's calls (spec section 7, signed): `sign` answers the form of an order's waiting
// Oceanpayment payment with its signValue; `sign-check` checks the signValue of a result Oceanpayment
// returned or notified (8012 when it is not Oceanpayment's); `one-page-checkout/{token}/?nextHandle=`
// places the one-page checkout's order, pays it through Oceanpayment and keeps where the shopper goes
// once paid (a page of this shop, never another site); getOceanOrderHandle (payment.ts) sends them there.
import { Hono } from 'hono';
import type {
  OceanCheckout,
  OceanCheckoutRequest,
  OceanSignCheck,
  OceanSignCheckRequest,
  PaymentOrderRequest,
  PaymentOutcome,
  ProviderForm,
} from '../../schemas/generated/api';
import { badRequest, ShopError } from '../commerce/errors';
import { nextHandlePath, withOrder } from '../commerce/orders/next-handle';
import type { PaymentRow } from '../commerce/orders/settle-payment';
import { OCEANPAYMENT, type OceanpaymentProvider } from '../payments/simulated/hosted/oceanpayment';
import { checkoutPayer } from './checkout-payer';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { idempotent } from './idempotency';
import { entryForm } from './payssion';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

/** A paid Oceanpayment order whose call named where to go next goes there (with its token), not to the thank-you page. */
export async function oceanNext(deps: ApiDeps, outcome: PaymentOutcome, payment: PaymentRow | null): Promise<PaymentOutcome> {
  if (outcome.status !== 'paid' || !payment?.providerReference) return outcome;
  const ocean = deps.payments.provider(OCEANPAYMENT) as OceanpaymentProvider | undefined;
  const next = (await ocean?.record(payment.providerReference))?.data.nextHandle;
  return next ? { ...outcome, next: withOrder(next, outcome.orderToken) } : outcome;
}

export function oceanpaymentRoutes(deps: ApiDeps) {
  const signed = signedPayment(deps.commerce.paymentRequests, deps.origin);
  const payer = checkoutPayer(deps);
  const ocean = () => deps.payments.provider(OCEANPAYMENT) as OceanpaymentProvider;
  return new Hono()
    .post(
      '/oceanpayment/sign',
      describeRoute({
        summary: "The Oceanpayment form of the order's waiting Oceanpayment payment, with its signValue (7007 when none waits)",
        tag: 'Payment',
        response: 'ProviderForm',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentOrderRequest'),
      async (c) => ok<ProviderForm>(c, await entryForm(deps, valid<PaymentOrderRequest>(c, 'json').orderToken, OCEANPAYMENT)),
    )
    .post(
      '/oceanpayment/sign-check',
      describeRoute({
        summary:
          "Checks the signValue of a payment result Oceanpayment returned or notified (8012 when it is not Oceanpayment's)",
        tag: 'Payment',
        response: 'OceanSignCheck',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'OceanSignCheckRequest'),
      (c) => {
        const { signValue, ...fields } = valid<OceanSignCheckRequest>(c, 'json');
        if (!ocean().checkResult(fields, signValue))
          throw new ShopError('invalidPaymentRequest', 'This result is not signed by Oceanpayment.', {
            errors: [{ path: '/signValue', message: 'does not sign these fields', rule: 'signature' }],
          });
        return ok<OceanSignCheck>(c, { valid: true, channelOrderId: fields.order_number, paid: fields.payment_status === '1' });
      },
    )
    .post(
      '/oceanpayment/one-page-checkout/:token/',
      describeRoute({
        summary:
          'Pays the one-page checkout through Oceanpayment: the order and its Oceanpayment form; once paid the shopper goes to nextHandle (a page of this shop)',
        tag: 'Payment',
        response: 'OceanCheckout',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'OceanCheckoutRequest'),
      idempotent(deps.commerce.paymentRequests.idempotencyKeys),
      async (c) => {
        const request = valid<OceanCheckoutRequest>(c, 'json');
        const checkoutToken = c.req.param('token');
        if (!/^[0-9a-f]{32}$/.test(checkoutToken)) throw new ShopError('tokenNotFound', 'There is no such checkout.');
        // The idempotency key covers nextHandle (idempotency.ts): the same key with another one is refused
        // before this runs, so a replay never answers a destination other than the one it asked for.
        const asked = c.req.query('nextHandle');
        const next = asked === undefined || asked === '' ? null : nextHandlePath(asked, deps.origin);
        if (asked && !next)
          throw badRequest('nextHandle must be a page of this shop.', {
            errors: [{ path: '/nextHandle', message: 'must be a handle or a path of this shop', rule: 'nextHandle' }],
          });
        await payer.refuseUnlessOf(request.paymentMethodCode, OCEANPAYMENT);
        const placed = await payer.place(c, { ...request, checkoutToken });
        const reference = placed.payment?.providerReference;
        if (next && reference) await ocean().note(reference, { nextHandle: next });
        const record = reference ? await ocean().record(reference) : null;
        const form = record?.status === 'awaiting' ? ocean().entryOf(record) : null;
        return ok<OceanCheckout>(c, { outcome: payer.outcome(placed), form });
      },
    );
}
