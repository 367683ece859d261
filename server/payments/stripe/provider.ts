// Stripe, for real, through the official `stripe` SDK (docs/payments.md: Stripe). Two methods of the method list
// (fixtures/payment-methods.json) are served by it:
//
// - `stripe-element` (options.mode 'element'): a PaymentIntent (amount in minor units, automatic payment
//   methods) whose payment details the shopper gives in Stripe's Payment Element, on this provider's own
//   page (/api/payment-providers/stripe/pay/{paymentIntentId}); Stripe.js confirms it there and sends the
//   shopper back to the shop's return page, which asks `retrieve`.
// - `stripe-checkout` (options.mode 'checkout'): a Checkout Session; the shopper pays on Stripe's hosted
//   page and comes back to the return page either way (success and cancel lead to the same page, which
//   asks the session how it ended).
//
// A payment's reference is the PaymentIntent's id (pi_…) or the session's (cs_…). Stripe's webhooks
// (payment_intent.*, checkout.session.*) are verified with the endpoint's signing secret by the SDK
// (`stripe.webhooks.constructEvent`) and settle the payment like the shopper's return does; whichever
// comes first settles it (server/commerce/orders/settle-payment.ts).
//
// A failure is final for the shop only when the shopper is back on the shop's page: a declined card on
// the Payment Element leaves the PaymentIntent payable with another card (Stripe sends
// payment_intent.payment_failed meanwhile, which keeps the shop's payment waiting on this page). When the
// shop records a failure or a cancellation, the PaymentIntent is canceled at Stripe (and an open session
// expired), so a page left open can never take money for a payment the shop has closed.
//
// The API host, port and protocol can be set (STRIPE_API_HOST/PORT/PROTOCOL): the tests point the SDK at
// a local server answering Stripe's documented JSON (test-support/server/mock-stripe.ts), since no network reaches Stripe here.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { ShopError } from '../../commerce/errors';
import type { PaymentResult, Provider, ProviderContext, WebhookEvent } from '../provider';
import { returnPath } from '../provider';
import { declineOfStripe } from './declines';
import { paymentPage, paymentPageCsp } from './payment-page';
import type { ShopMetadata, StripeSettings } from './settings';

export type { StripeSettings } from './settings';

export const STRIPE = 'stripe';

export interface StripeProvider extends Provider {
  readonly publishableKey: string;
  /** The client secret of an element payment's PaymentIntent (POST /api/stripe/create-payment). */
  clientSecret(reference: string): Promise<string>;
}

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
/** A PaymentIntent in one of these states takes no more card details: its page sends the shopper back. */
const DONE_STATES: readonly Stripe.PaymentIntent.Status[] = ['succeeded', 'processing', 'requires_capture', 'canceled'];
const isSession = (reference: string) => reference.startsWith('cs_');

export function createStripeProvider(
  settings: StripeSettings,
  context: Pick<ProviderContext, 'translate' | 'log'>,
): StripeProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port !== undefined ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Vitrine' },
  });

  const pagePath = (id: string) => `/api/payment-providers/${STRIPE}/pay/${id}`;
  const cardOf = (intent: Stripe.PaymentIntent) => {
    const method = intent.payment_method;
    return method && typeof method === 'object' && method.card
      ? { brand: method.card.brand, last4: method.card.last4 }
      : undefined;
  };

  /** How a PaymentIntent stands for the shop; `final`: the shopper is back, a failure ends the payment. */
  function intentResult(intent: Stripe.PaymentIntent, final: boolean): PaymentResult {
    const reference = intent.id;
    const card = cardOf(intent);
    const onPage = (): PaymentResult => ({
      status: 'action',
      action: 'redirect',
      redirectUrl: `${intent.metadata.shop_origin ?? ''}${pagePath(intent.id)}`,
      reference,
      ...(card ? { card } : {}),
    });
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', reference, ...(card ? { card } : {}) };
      case 'processing':
      // Captured later by the merchant (not how this shop creates them): the money is not taken yet.
      case 'requires_capture':
        return { status: 'processing', reference, ...(card ? { card } : {}) };
      case 'canceled':
        return { status: 'canceled', reference };
      case 'requires_payment_method':
        if (intent.last_payment_error && final)
          return { status: 'failed', decline: declineOfStripe(intent.last_payment_error), reference, ...(card ? { card } : {}) };
        return onPage();
      default:
        // requires_action (3-D Secure not finished), requires_confirmation: the page goes on with it.
        return onPage();
    }
  }

  function sessionResult(session: Stripe.Checkout.Session): PaymentResult {
    const reference = session.id;
    if (session.status === 'complete')
      return session.payment_status === 'unpaid'
        ? { status: 'processing', reference } // a delayed method (a debit): Stripe says later
        : { status: 'succeeded', reference };
    if (session.status === 'expired') return { status: 'canceled', reference };
    return { status: 'action', action: 'redirect', redirectUrl: session.url ?? undefined, reference };
  }

  /** A Stripe answer the shop cannot go on with: refused payment data, or Stripe out of reach. */
  function refused(error: unknown, reference: string): PaymentResult {
    if (error instanceof Stripe.errors.StripeCardError)
      return { status: 'failed', decline: declineOfStripe({ code: error.code, decline_code: error.decline_code }), reference };
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      context.log('Stripe refused a payment request', error);
      return {
        status: 'failed',
        decline: error.param === 'currency' ? 'currencyNotSupported' : 'invalidPaymentRequest',
        reference,
      };
    }
    context.log('Stripe could not be reached', error);
    throw new ShopError('tryAgainLater', 'The payment provider could not be reached: try again in a moment.');
  }

  async function retrieveIntent(id: string) {
    return stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] });
  }

  /** The shopper is back and the payment failed or was left: it is closed at Stripe too. */
  async function closeIntent(intent: Stripe.PaymentIntent): Promise<PaymentResult> {
    const result = intentResult(intent, true);
    try {
      await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
      return result;
    } catch (error) {
      // Paid in the meantime (another tab): what it is now counts.
      context.log(`the PaymentIntent ${intent.id} could not be canceled`, error);
      return intentResult(await retrieveIntent(intent.id), false);
    }
  }

  const page = (intent: Stripe.PaymentIntent, nonce: string) => paymentPage(intent, nonce, { settings, context, pagePath });

  const provider: StripeProvider = {
    id: STRIPE,
    name: { en: 'Stripe' },
    publishableKey: settings.publishableKey,
    async createPayment(request) {
      const metadata: ShopMetadata = {
        order_number: request.orderNumber,
        order_token: request.orderToken,
        locale: request.locale,
        shop_origin: request.origin,
        vitrine_mode: request.options.mode === 'checkout' ? 'checkout' : 'element',
      };
      const currency = request.currencyCode.toLowerCase();
      const options = { idempotencyKey: request.idempotencyKey };
      try {
        if (metadata.vitrine_mode === 'checkout') {
          const back = `${request.origin}${returnPath(request.orderToken)}`;
          const session = await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency,
                    unit_amount: request.amount,
                    product_data: {
                      name: context.translate(request.locale, 'provider.stripe.orderLine', { number: request.orderNumber }),
                    },
                  },
                },
              ],
              success_url: back,
              cancel_url: back,
              client_reference_id: request.orderNumber,
              metadata: { ...metadata },
              payment_intent_data: { metadata: { ...metadata } },
              ...(request.email ? { customer_email: request.email } : {}),
              // Stripe's shortest: a session outliving its order is refunded if paid (settle-payment.ts).
              expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
            },
            options,
          );
          return sessionResult(session);
        }
        // The card is saved for this buyer (a Customer, setup_future_usage): a funnel's one-click offer
        // charges it again off session, with no form.
        const customer = await stripe.customers.create(
          { ...(request.email ? { email: request.email } : {}), metadata: { order_token: request.orderToken } },
          { idempotencyKey: `${request.idempotencyKey}:customer` },
        );
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency,
            automatic_payment_methods: { enabled: true },
            customer: customer.id,
            setup_future_usage: 'off_session',
            description: context.translate(request.locale, 'provider.stripe.orderLine', { number: request.orderNumber }),
            metadata: { ...metadata },
          },
          options,
        );
        return intentResult(intent, false);
      } catch (error) {
        return refused(error, `stripe_${request.idempotencyKey}`);
      }
    },
    // The Payment Element saves the card (above): an offer charges it again off session. Checkout
    // Sessions do not save it: their buyers skip one-click offers.
    oneClickPath: (options) => (options.mode === 'checkout' ? null : 'charge'),
    async chargeAgain(original, request) {
      const reference = `stripe_${request.idempotencyKey}`;
      try {
        const first = isSession(original) ? null : await retrieveIntent(original);
        const method = first?.payment_method;
        const customer = typeof first?.customer === 'string' ? first.customer : first?.customer?.id;
        if (!first || first.status !== 'succeeded' || !method || !customer)
          return { status: 'failed', decline: 'notAuthorized', reference };
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currencyCode.toLowerCase(),
            customer,
            payment_method: typeof method === 'string' ? method : method.id,
            off_session: true,
            confirm: true,
            description: context.translate(request.locale, 'provider.stripe.orderLine', { number: request.orderNumber }),
            metadata: {
              order_number: request.orderNumber,
              order_token: request.orderToken,
              locale: request.locale,
              shop_origin: request.origin,
              vitrine_mode: 'element',
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return intentResult(intent, false);
      } catch (error) {
        return refused(error, reference);
      }
    },
    async retrieve(reference) {
      if (isSession(reference)) {
        const session = await stripe.checkout.sessions.retrieve(reference);
        if (session.status !== 'open') return sessionResult(session);
        // Back at the shop with the session still open: the shopper left Stripe's page (its cancel
        // link). The session is expired so it can take no money later; one paid meanwhile counts.
        try {
          return sessionResult(await stripe.checkout.sessions.expire(reference));
        } catch (error) {
          context.log(`the Checkout Session ${reference} could not be expired`, error);
          return sessionResult(await stripe.checkout.sessions.retrieve(reference));
        }
      }
      const intent = await retrieveIntent(reference);
      if (intent.status === 'requires_payment_method' && intent.last_payment_error) return closeIntent(intent);
      return intentResult(intent, false);
    },
    // The shop no longer wants the payment: an open session is expired, a PaymentIntent not yet paid is
    // canceled. One that succeeded (or was closed) meanwhile is refused by Stripe: left as it is, the shop
    // asks `retrieve` next and gives back what was taken.
    async cancel(reference) {
      try {
        if (isSession(reference)) await stripe.checkout.sessions.expire(reference);
        else await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' });
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
    async refund(reference, amount, idempotencyKey) {
      let paymentIntent: string | null = reference;
      if (isSession(reference)) {
        const session = await stripe.checkout.sessions.retrieve(reference);
        paymentIntent =
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      }
      if (!paymentIntent) return { refunded: 0 };
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey });
      return { refunded: refund.amount };
    },
    async webhook(rawBody, headers): Promise<WebhookEvent | null> {
      if (!settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
      // Throws on a missing or wrong signature, and on a timestamp more than five minutes away.
      const event = stripe.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', settings.webhookSecret);
      const eventId = event.id;
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.processing': {
          const intent = event.data.object;
          // A Checkout Session's own PaymentIntent: the session's events speak for it.
          if (intent.metadata?.vitrine_mode === 'checkout') return null;
          return { eventId, reference: intent.id, result: intentResult(intent, false) };
        }
        case 'checkout.session.completed':
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          return { eventId, reference: session.id, result: sessionResult(session) };
        }
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          return {
            eventId,
            reference: session.id,
            result: { status: 'failed', decline: 'paymentFailed', reference: session.id },
          };
        }
        default:
          return null;
      }
    },
    async clientSecret(reference) {
      const intent = await stripe.paymentIntents.retrieve(reference);
      if (!intent.client_secret) throw new Error(`the PaymentIntent ${reference} has no client secret`);
      return intent.client_secret;
    },
    routes() {
      /** The PaymentIntent a page of the shop's names, or null when the id names none. */
      const pageIntent = async (id: string): Promise<Stripe.PaymentIntent | null> => {
        if (!PAYMENT_INTENT_ID.test(id)) return null;
        try {
          return await stripe.paymentIntents.retrieve(id);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
          throw error;
        }
      };
      return (
        new Hono()
          // The Payment Element page: Stripe.js from js.stripe.com (never bundled, as Stripe requires).
          .get('/pay/:id', async (c) => {
            const intent = await pageIntent(c.req.param('id'));
            if (!intent) return c.text('Not found', 404);
            const meta = intent.metadata as Partial<ShopMetadata>;
            if (!meta.order_token || meta.vitrine_mode !== 'element') return c.text('Not found', 404);
            const done = DONE_STATES.includes(intent.status);
            if (done) return c.redirect(returnPath(meta.order_token), 303);
            const nonce = randomBytes(16).toString('base64');
            c.header('Content-Security-Policy', paymentPageCsp(nonce));
            c.header('Cache-Control', 'no-store');
            c.header('Referrer-Policy', 'no-referrer');
            return c.html(page(intent, nonce));
          })
          // The shopper gives up on the page: the PaymentIntent is canceled, the shop's page says so.
          .post('/pay/:id/cancel', async (c) => {
            const intent = await pageIntent(c.req.param('id'));
            if (!intent) return c.text('Not found', 404);
            const token = (intent.metadata as Partial<ShopMetadata>).order_token;
            if (!token) return c.text('Not found', 404);
            if (!DONE_STATES.includes(intent.status)) {
              try {
                await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' });
              } catch (error) {
                context.log(`the PaymentIntent ${intent.id} could not be canceled`, error);
              }
            }
            return c.redirect(returnPath(token), 303);
          })
      );
    },
  };
  return provider;
}
