// Payment calls (spec section 7): the payment-method list (in the spec's own shape, not the envelope),
// the test card provider's own tokenizing endpoint (the only call that ever receives a card number), the
// calls that pay (POST api/payment/create-order and api/paymentStrategy: signed and idempotent), the
// calls after the first answer (confirm, threeDs, cancel, failure, PUT to go on after a shop page), prePay,
// getOceanOrderHandle and the failure log; the providers' own pages and webhooks under
// /api/payment-providers/{provider}.
import { Hono, type Context } from 'hono';
import type {
  CardToken,
  CardTokenRequest,
  ChannelOrderRequest,
  CreateOrderRequest,
  FailureLogged,
  FailureLogRequest,
  PaymentFailureRequest,
  PaymentMethod,
  PaymentMethodList,
  PaymentOrderRequest,
  PaymentOutcome,
  PaymentResumeRequest,
  PrePayAnswer,
  PrePayRequest,
  WebhookReceived,
} from '../../schemas/generated/api';
import { installmentPlan, payLaterTerms } from '../../schemas/installments';
import { localize } from '../../schemas/localized-text';
import { badRequest, notFound } from '../commerce/errors';
import { logExcerpt } from '../log/scrub';
import { failureOf } from '../payments/decline-codes';
import { methodFor } from '../payments/method-use';
import type { OfferedMethod } from '../payments/registry';
import { cardProblems } from '../payments/simulated/card/vault';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { idempotent } from './idempotency';
import { signedPayment } from './payment-signature';
import { checkoutPayer } from './checkout-payer';
import { oceanNext } from './oceanpayment';
import { valid, validate } from './validate';

const codesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export const methodView = (m: OfferedMethod, locale: string): PaymentMethod => ({
  code: m.code,
  provider: m.provider,
  name: localize(m.name, locale),
  type: m.type,
  defaulted: m.defaulted,
  normalTag: m.normalTag,
  funnelTag: m.funnelTag,
  countries: m.reach.countries,
  currencies: m.reach.currencies,
  logos: codesOf(m.options.logos),
  ...(m.provider === 'test-pay-later' ? { payLater: payLaterTerms(m.options) } : {}),
});

export function paymentRoutes(deps: ApiDeps) {
  const { commerce, payments, log, onOrderPaid, origin } = deps;
  const signed = signedPayment(commerce.paymentRequests, origin);
  const once = idempotent(commerce.paymentRequests.idempotencyKeys);

  const { answer, pay: payWith } = checkoutPayer(deps);
  const pay = (c: Context) => payWith(c, valid<CreateOrderRequest>(c, 'json'));
  /** A funnel's checkout is paid here (its methods are the funnelTag ones); a shop checkout is not. */
  const funnelPay = async (c: Context) => {
    const request = valid<CreateOrderRequest>(c, 'json');
    if ((await commerce.checkouts.funnelOf(request.checkoutToken)) === null)
      throw badRequest('This is not a funnel checkout: pay it with api/payment/create-order.', {
        errors: [{ path: '/checkoutToken', message: 'is not a funnel checkout', rule: 'funnelCheckout' }],
      });
    // Which methods a funnel takes is checked where every checkout is paid (payCheckout, method-use.ts).
    return pay(c);
  };

  const routes = new Hono()
    .get(
      '/payment-methods/list',
      describeRoute({
        summary: 'The payment methods (spec shape { success, result }, not the envelope; both lists empty on failure)',
        tag: 'Payment',
        response: 'PaymentMethodList',
        caller: 'anyone',
        bare: true,
      }),
      validate('query', 'PaymentMethodsQuery'),
      async (c) => {
        try {
          const locale = c.get('shopper').locale;
          const result = (await payments.methods()).map((m) => methodView(m, locale));
          return c.json<PaymentMethodList>({ success: true, result });
        } catch (error) {
          // Spec section 4: on failure both lists are empty, and the fault is logged.
          log('the payment methods could not be listed', error);
          return c.json<PaymentMethodList>({ success: false, result: [] });
        }
      },
    )
    .post(
      '/payment-providers/test-card/tokens',
      describeRoute({
        summary: "The test card provider's own endpoint: a card becomes a token (the only call that receives a card number)",
        tag: 'Payment',
        response: 'CardToken',
        caller: 'anyone',
      }),
      validate('json', 'CardTokenRequest'),
      async (c) => {
        const card = valid<CardTokenRequest>(c, 'json');
        const problems = cardProblems(card);
        if (problems.length) {
          throw badRequest(`The card is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
            errors: problems,
            errorCount: problems.length,
          });
        }
        return ok<CardToken>(c, await payments.testCard.tokenize(card), 201);
      },
    )
    .post(
      '/payment/create-order',
      describeRoute({
        summary:
          "Places the checkout's order (or takes the one waiting) and pays it; a decline answers its 800xx code and leaves the order payable",
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'CreateOrderRequest'),
      once,
      pay,
    )
    .post(
      '/paymentStrategy',
      describeRoute({
        summary: 'Pays a checkout with any method (signed, idempotent); the answer says where the shopper goes next',
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'CreateOrderRequest'),
      once,
      pay,
    )
    .post(
      '/multicurrency/funnel-buy',
      describeRoute({
        summary: "Pays a funnel's checkout (signed, idempotent); paid, `next` is the funnel's next step",
        tag: 'Funnels',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'CreateOrderRequest'),
      once,
      funnelPay,
    )
    .put(
      '/paymentStrategy',
      describeRoute({
        summary: 'Goes on with a payment waiting on a shop page: the address confirmed or completed, the new shipping accepted',
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentResumeRequest'),
      async (c) => {
        const { orderToken, ...input } = valid<PaymentResumeRequest>(c, 'json');
        return answer(c, await commerce.orders.resumePayment(orderToken, input, c.get('shopper').baseCurrency.code));
      },
    )
    .post(
      '/paymentStrategy/confirm',
      describeRoute({
        summary: "Back from the provider's page: asks the provider how the payment stands and settles the order once",
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentOrderRequest'),
      async (c) => answer(c, await commerce.orders.confirm(valid<PaymentOrderRequest>(c, 'json').orderToken)),
    )
    .post(
      '/paymentStrategy/threeDs',
      describeRoute({
        summary: 'Confirms a card payment after its 3-D Secure challenge (80003 when the challenge failed)',
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentOrderRequest'),
      async (c) => answer(c, await commerce.orders.confirm(valid<PaymentOrderRequest>(c, 'json').orderToken, { threeDs: true })),
    )
    .post(
      '/paymentStrategy/cancel',
      describeRoute({
        summary: 'The shopper canceled at the provider: the payment ends, the order stays payable',
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentOrderRequest'),
      async (c) => answer(c, await commerce.orders.cancelPayment(valid<PaymentOrderRequest>(c, 'json').orderToken)),
    )
    .post(
      '/paymentStrategy/failure',
      describeRoute({
        summary: "A provider's browser script failed the payment with a code of spec section 8",
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PaymentFailureRequest'),
      async (c) => {
        const { orderToken, code, message } = valid<PaymentFailureRequest>(c, 'json');
        if (!failureOf(code))
          throw badRequest(`${code} is not a payment failure code (8001–8013, 80000–80014).`, {
            errors: [{ path: '/code', message: 'must be a payment failure code', rule: 'failureCode' }],
          });
        if (message) log(`payment failure reported by the browser (${code}): ${message}`);
        return answer(c, await commerce.orders.failPayment(orderToken, code));
      },
    )
    .post(
      '/paymentStrategy/prePay',
      describeRoute({
        summary: "What a method will take for a checkout, and a pay-later method's installment plan",
        tag: 'Payment',
        response: 'PrePayAnswer',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'PrePayRequest'),
      async (c) => {
        const { checkoutToken, paymentMethodCode } = valid<PrePayRequest>(c, 'json');
        const funnel = await commerce.checkouts.funnelOf(checkoutToken);
        const method = await methodFor(payments.method, paymentMethodCode, funnel === null ? 'shop' : 'funnel');
        const checkout = await commerce.checkouts.get(checkoutToken, c.get('shopper'));
        const amount = checkout.totals.totalPrice;
        return ok<PrePayAnswer>(c, {
          amount,
          method: methodView(method, c.get('shopper').locale),
          plan:
            method.handler.id === 'test-pay-later' ? installmentPlan(amount.amount, amount.currencyCode, method.options) : null,
        });
      },
    )
    .post(
      '/paymentStrategy/getOceanOrderHandle',
      describeRoute({
        summary: "The order and next page of a provider's payment reference (channelOrderId)",
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'ChannelOrderRequest'),
      async (c) => {
        const { channelOrderId } = valid<ChannelOrderRequest>(c, 'json');
        const { order } = await commerce.orders.byPaymentReference(channelOrderId);
        // Back from a provider's page that knows only its reference: the provider is asked, as confirm does.
        const settled = await commerce.orders.confirm(order.token!);
        if (settled.newlyPaid) onOrderPaid(order.token!);
        return ok<PaymentOutcome>(
          c,
          await oceanNext(deps, commerce.orders.outcome(settled.order, settled.payment), settled.payment),
        );
      },
    )
    .post(
      '/paymentStrategy/failureLog',
      describeRoute({
        summary: "Logs a failure of the browser's payment code (spec: the payment-strategy failure log call)",
        tag: 'Payment',
        response: 'FailureLogged',
        caller: 'anyone',
      }),
      validate('json', 'FailureLogRequest'),
      async (c) => {
        const { type, payload } = valid<FailureLogRequest>(c, 'json');
        log(`payment ${type ?? 'error'} in the browser: ${logExcerpt(payload, 2000)}`);
        return ok<FailureLogged>(c, { logged: true });
      },
    )
    // A provider's webhook: the provider verifies it (signature over the raw body, timestamp) and names
    // the payment; answered at once so the provider does not send it again.
    .post(
      '/payment-providers/:provider/webhook',
      describeRoute({
        summary:
          "A provider's webhook: verified by the provider (signature over the raw body, timestamp), settles the payment it names once",
        tag: 'Payment',
        response: 'WebhookReceived',
        caller: 'anyone',
      }),
      async (c) => {
        const provider = payments.provider(c.req.param('provider'));
        if (!provider?.webhook) throw notFound('There is no such payment provider.');
        const raw = await c.req.text();
        let event;
        try {
          event = await provider.webhook(raw, c.req.raw.headers);
        } catch (error) {
          log(`a ${provider.id} webhook was refused`, error);
          throw badRequest('The webhook could not be verified.');
        }
        if (event) {
          for (const settled of (await commerce.orders.webhook(provider, event)) ?? [])
            if (settled.newlyPaid && settled.orderToken) onOrderPaid(settled.orderToken);
        }
        return ok<WebhookReceived>(c, { received: true });
      },
    );
  // The providers' own pages (3-D Secure, wallet, bank, pay later).
  for (const provider of payments.providers()) {
    const own = provider.routes?.();
    if (own) routes.route(`/payment-providers/${provider.id}`, own);
  }
  return routes;
}
