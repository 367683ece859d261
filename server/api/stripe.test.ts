// Stripe through the official SDK (issue 9). No network reaches Stripe from this machine, so the SDK is
// pointed (host/port/protocol) at a local server answering Stripe's documented JSON
// (test-support/server/mock-stripe.ts); webhooks are signed as Stripe signs them, with the SDK's own
// generateTestHeaderString. What is shown: the Payment Element page carries the PaymentIntent's client
// secret and the publishable key; the shopper's return and Stripe's webhook settle the order once, with one
// mail, whichever comes first; a wrong signature is refused; a decline is the spec's code; the idempotency
// key reaches Stripe; money taken after the order expired is refunded; Stripe Checkout's session flow;
// without the keys the methods are not offered.
import { firstSku } from '../../test-support/server/skus';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodList, PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import type { Mail } from '../mail/mailer';
import { startMockStripe, type MockStripe } from '../../test-support/server/mock-stripe';
import { cardToken, idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import {
  STRIPE_PUBLISHABLE_KEY as PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY as SECRET_KEY,
  STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
  stripeOnMock,
} from '../../test-support/server/stripe';
import { createStripeProvider } from '../payments/stripe/provider';
import { createTestShop, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

const newVisitor = visitors();

let mock: MockStripe;
let shop: TestShop;
const mails: Mail[] = [];
let shirt: number;

beforeAll(async () => {
  mock = await startMockStripe();
  shop = await createTestShop(
    'pglite',
    {},
    {
      mailer: { send: async (mail) => void mails.push(mail) },
      providers: [stripeOnMock(mock)],
    },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  // Every test places orders that hold a shirt while they wait: enough shirts for all of them.
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
});
afterAll(async () => {
  await shop?.close();
  await mock?.close();
});

/** A shopper with a ready checkout, paying it with a Stripe method. */
async function payWithStripe(method: 'stripe-element' | 'stripe-checkout', key = idempotencyKey()) {
  const call = shopperOf(shop, newVisitor());
  const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { email: 'ada@example.com' });
  const paid = await call<PaymentOutcome>('POST', '/paymentStrategy', {
    checkoutToken,
    paymentMethodCode: method,
    idempotencyKey: key,
  });
  return { call, checkoutToken, key, paid };
}

const intentIdOf = (next: string) => next.match(/\/pay\/(pi_\w+)$/)![1]!;
const confirm = (call: Call, orderToken: string) => call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });
const orderStatus = async (call: Call, token: string) =>
  (await call<{ status: string }>('GET', `/multicurrency/general/order/${token}`)).data.status;

async function sendWebhook(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(mock.event(type, object));
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return readEnvelope(
    await shop.app.request('/api/payment-providers/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    }),
  );
}

async function mailsTo(orderNumber: string) {
  await shop.app.mailSettled();
  return mails.filter((m) => JSON.stringify(m).includes(orderNumber));
}

describe('Stripe Payment Element (stripe-element)', () => {
  it('offers both Stripe methods when the keys are set', async () => {
    const list = (await (await shop.app.request('/api/payment-methods/list?siteId=1')).json()) as PaymentMethodList;
    expect(list.result.map((m) => m.code)).toEqual(expect.arrayContaining(['stripe-element', 'stripe-checkout']));
  });

  it("creates a PaymentIntent with the order's amount and the request's idempotency key, and sends the shopper to the Payment Element page", async () => {
    const { call, paid, key, checkoutToken } = await payWithStripe('stripe-element');
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ status: 'action', action: 'redirect' });
    expect(paid.data.next).toMatch(/^http:\/\/localhost\/api\/payment-providers\/stripe\/pay\/pi_\w+$/);
    const id = intentIdOf(paid.data.next);
    const created = mock.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === key,
    );
    expect(created).toBeDefined();
    const order = (
      await call<{ totals: { totalPrice: { amount: number; currencyCode: string } }; number: string }>(
        'GET',
        `/multicurrency/general/order/${paid.data.orderToken}`,
      )
    ).data;
    expect(created!.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(created!.params).toMatchObject({
      amount: String(order.totals.totalPrice.amount),
      currency: order.totals.totalPrice.currencyCode.toLowerCase(),
      automatic_payment_methods: { enabled: 'true' },
      metadata: { order_number: paid.data.orderNumber, order_token: paid.data.orderToken },
    });

    const page = await shop.app.request(`/api/payment-providers/stripe/pay/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(String(mock.intents.get(id)!.client_secret));
    expect(html).toContain(PUBLISHABLE_KEY);
    expect(html).toContain('<script src="https://js.stripe.com/v3"');
    expect(html).toContain(`http://localhost/payment/information?order=${paid.data.orderToken}`);
    expect(html).toContain('confirmPayment');
    expect(html).toContain('Pay by card');
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'nonce-[^']+' https:\/\/js\.stripe\.com/);
    expect(page.headers.get('Content-Security-Policy')).toContain('frame-src https://js.stripe.com');

    // The spec's call answers the same client secret for a browser that mounts the element itself.
    const secret = await call<{ clientSecret: string; publishableKey: string }>('POST', '/stripe/create-payment', {
      orderToken: paid.data.orderToken,
    });
    expect(secret).toMatchObject({
      status: 200,
      data: { clientSecret: mock.intents.get(id)!.client_secret, publishableKey: PUBLISHABLE_KEY },
    });

    // The same key again (a double click): the same payment, and Stripe was asked once.
    const again = await call<PaymentOutcome>('POST', '/paymentStrategy', {
      checkoutToken,
      paymentMethodCode: 'stripe-element',
      idempotencyKey: key,
    });
    expect(again.data.next).toBe(paid.data.next);
    expect(mock.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === key)).toHaveLength(1);
  });

  it('the page is in the shopper’s language', async () => {
    const call = shopperOf(shop, newVisitor(), 'lang=fr&currencyCode=EUR');
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const paid = await call<PaymentOutcome>('POST', '/paymentStrategy', {
      checkoutToken,
      paymentMethodCode: 'stripe-element',
      idempotencyKey: idempotencyKey(),
    });
    const html = await (await shop.app.request(new URL(paid.data.next).pathname)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Payer par carte');
    expect(mock.intents.get(intentIdOf(paid.data.next))!.currency).toBe('eur');
  });

  it("the shopper's return with the PaymentIntent succeeded: paid, one mail; Stripe's webhook after it changes nothing", async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const id = intentIdOf(paid.data.next);
    const intent = mock.pay(id, { brand: 'visa', last4: '4242' });
    const back = await confirm(call, paid.data.orderToken);
    expect(back.data).toMatchObject({ status: 'paid', next: `/thankyou/${paid.data.orderToken}` });
    // The card that paid, as Stripe tells it (never its number).
    const order = await call<{ payment: { method: string; cardBrand: string; cardLast4: string } }>(
      'GET',
      `/multicurrency/general/order/${paid.data.orderToken}`,
    );
    expect(order.data.payment).toMatchObject({ method: 'stripe-element', cardBrand: 'visa', cardLast4: '4242' });
    expect(await sendWebhook('payment_intent.succeeded', { ...intent, payment_method: 'pm_1' })).toMatchObject({
      status: 200,
      data: { received: true },
    });
    expect(await orderStatus(call, paid.data.orderToken)).toBe('paid');
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(1);
    // Paid: the page sends the shopper back to the shop, and the spec's call says the order is settled.
    const page = await shop.app.request(`/api/payment-providers/stripe/pay/${id}`);
    expect(page.status).toBe(303);
    expect(page.headers.get('Location')).toBe(`/payment/information?order=${paid.data.orderToken}`);
    expect((await call('POST', '/stripe/create-payment', { orderToken: paid.data.orderToken })).code).toBe(
      errorCodes.orderAlreadySettled,
    );
  });

  it('a signed webhook first pays the order once; the return after it finds it paid; the same event again acts once', async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const intent = mock.pay(intentIdOf(paid.data.next));
    const event = mock.event('payment_intent.succeeded', intent);
    const payload = JSON.stringify(event);
    const deliver = () =>
      shop.app.request('/api/payment-providers/stripe/webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        body: payload,
      });
    const answers = await Promise.all([deliver(), deliver(), confirm(call, paid.data.orderToken)]);
    expect(answers[0].status).toBe(200);
    expect(answers[1].status).toBe(200);
    expect(answers[2].data.status).toBe('paid');
    expect((await confirm(call, paid.data.orderToken)).data.status).toBe('paid');
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(1);
  });

  it('refuses a webhook with a wrong signature, or none, and pays nothing', async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const intent = mock.pay(intentIdOf(paid.data.next));
    expect(await sendWebhook('payment_intent.succeeded', intent, 'whsec_someone_else')).toMatchObject({ status: 400 });
    const unsigned = await shop.app.request('/api/payment-providers/stripe/webhook', {
      method: 'POST',
      body: JSON.stringify(mock.event('payment_intent.succeeded', intent)),
    });
    expect(unsigned.status).toBe(400);
    expect(await orderStatus(call, paid.data.orderToken)).toBe('pending');
    expect(shop.logs.some((line) => line.includes('a stripe webhook was refused'))).toBe(true);
  });

  it('a declined card is the spec’s code when the shopper is back, and the PaymentIntent is closed at Stripe', async () => {
    const cases = [
      [{ code: 'card_declined', decline_code: 'generic_decline' }, errorCodes.issuerRefused],
      [{ code: 'card_declined', decline_code: 'insufficient_funds' }, errorCodes.insufficientFunds],
      [{ code: 'expired_card' }, errorCodes.cardExpired],
      [{ code: 'incorrect_cvc' }, errorCodes.invalidCvc],
      [{ code: 'payment_intent_authentication_failure' }, errorCodes.authenticationFailed],
      [{ code: 'processing_error' }, errorCodes.temporaryAuthorizationError],
      [{ code: 'card_declined', decline_code: 'lost_card' }, errorCodes.issuerRefused],
      [{ code: 'card_velocity_exceeded' }, errorCodes.paymentFailed],
    ] as const;
    for (const [error, code] of cases) {
      const { call, paid } = await payWithStripe('stripe-element');
      const id = intentIdOf(paid.data.next);
      const intent = mock.decline(id, error);
      // Stripe tells of the decline while the shopper is still on the page: it stays payable with another card.
      expect(await sendWebhook('payment_intent.payment_failed', intent)).toMatchObject({ status: 200 });
      const back = await confirm(call, paid.data.orderToken);
      expect(back.data, JSON.stringify(error)).toMatchObject({ status: 'failed', code });
      expect(mock.intents.get(id)!.status).toBe('canceled');
      expect(await orderStatus(call, paid.data.orderToken)).toBe('pending');
    }
  });

  it("gives back the money of a PaymentIntent that succeeded after its order expired (5008), on Stripe's webhook", async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const id = intentIdOf(paid.data.next);
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 60 * 60_000));
    expect(await orderStatus(call, paid.data.orderToken)).toBe('expired');
    const intent = mock.pay(id);
    const back = await confirm(call, paid.data.orderToken);
    expect(back.data).toMatchObject({ status: 'failed', code: errorCodes.paymentPeriodExpired });
    // Stripe's webhook of the late payment gives the money back (the shop's return page does not ask Stripe
    // about an order that is no longer waiting).
    expect(await sendWebhook('payment_intent.succeeded', intent)).toMatchObject({ status: 200 });
    expect(mock.refunds.filter((r) => r.payment_intent === id)).toEqual([
      expect.objectContaining({ object: 'refund', amount: intent.amount, status: 'succeeded' }),
    ]);
    expect(mock.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === id)?.params.amount).toBe(
      String(intent.amount),
    );
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(0);
  });

  it("the page's cancel button cancels the PaymentIntent; the shop says canceled and the order stays payable", async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const id = intentIdOf(paid.data.next);
    const canceled = await shop.app.request(`/api/payment-providers/stripe/pay/${id}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('Location')).toBe(`/payment/information?order=${paid.data.orderToken}`);
    expect(mock.intents.get(id)!.status).toBe('canceled');
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({ status: 'canceled' });
    expect(await orderStatus(call, paid.data.orderToken)).toBe('pending');
  });

  it('a PaymentIntent still processing is processing; its webhook later pays the order', async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const id = intentIdOf(paid.data.next);
    const processing = mock.setIntent(id, { status: 'processing' });
    expect(await sendWebhook('payment_intent.processing', processing)).toMatchObject({ status: 200 });
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({ status: 'processing' });
    expect(await sendWebhook('payment_intent.succeeded', mock.pay(id))).toMatchObject({ status: 200 });
    expect(await orderStatus(call, paid.data.orderToken)).toBe('paid');
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(1);
  });

  it('back with 3-D Secure unfinished (requires_action): sent to the page again, which finishes it with Stripe.js', async () => {
    const { call, paid } = await payWithStripe('stripe-element');
    const id = intentIdOf(paid.data.next);
    mock.setIntent(id, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } });
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({ status: 'action', next: paid.data.next });
    const html = await (await shop.app.request(`/api/payment-providers/stripe/pay/${id}`)).text();
    expect(html).toContain('"status":"requires_action"');
    expect(html).toContain('handleNextAction');
  });

  it('answers other event types and unknown PaymentIntents without acting', async () => {
    expect(await sendWebhook('customer.created', { id: 'cus_1', object: 'customer' })).toMatchObject({ status: 200 });
    expect(
      await sendWebhook('payment_intent.succeeded', {
        id: 'pi_unknown',
        object: 'payment_intent',
        status: 'succeeded',
        metadata: {},
      }),
    ).toMatchObject({ status: 200 });
  });
});

describe('Stripe Checkout (stripe-checkout)', () => {
  it('creates a session returning to the shop and sends the shopper to it; paid on return, one mail, the webhook after it changes nothing', async () => {
    const { call, paid, key } = await payWithStripe('stripe-checkout');
    expect(paid.data).toMatchObject({ status: 'action', action: 'redirect' });
    expect(paid.data.next).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
    const sessionId = paid.data.next.split('/').pop()!;
    const created = mock.requests.find((r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey === key)!;
    const back = `http://localhost/payment/information?order=${paid.data.orderToken}`;
    expect(created.params).toMatchObject({ mode: 'payment', success_url: back, cancel_url: back });
    expect(mock.sessions.get(sessionId)!.amount_total).toBeGreaterThan(0);

    const session = mock.completeSession(sessionId);
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({ status: 'paid' });
    expect(await sendWebhook('checkout.session.completed', session)).toMatchObject({ status: 200 });
    // The session's own PaymentIntent's event is the session's business.
    const intent = mock.intents.get(String(session.payment_intent))!;
    expect(await sendWebhook('payment_intent.succeeded', intent)).toMatchObject({ status: 200 });
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(1);
  });

  it("pays on Stripe's checkout.session.completed webhook before the shopper is back", async () => {
    const { call, paid } = await payWithStripe('stripe-checkout');
    const session = mock.completeSession(paid.data.next.split('/').pop()!);
    expect(await sendWebhook('checkout.session.completed', session)).toMatchObject({ status: 200 });
    expect(await orderStatus(call, paid.data.orderToken)).toBe('paid');
    expect((await confirm(call, paid.data.orderToken)).data.status).toBe('paid');
    expect(await mailsTo(paid.data.orderNumber)).toHaveLength(1);
  });

  it('back without paying (the cancel link): canceled, and the session is expired at Stripe so it takes no money later', async () => {
    const { call, paid } = await payWithStripe('stripe-checkout');
    const sessionId = paid.data.next.split('/').pop()!;
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({ status: 'canceled' });
    expect(mock.sessions.get(sessionId)!.status).toBe('expired');
    expect(await orderStatus(call, paid.data.orderToken)).toBe('pending');
  });

  it('gives back the money of a session paid after its order expired, through its PaymentIntent', async () => {
    const { call, paid } = await payWithStripe('stripe-checkout');
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 60 * 60_000));
    const session = mock.completeSession(paid.data.next.split('/').pop()!);
    expect(await sendWebhook('checkout.session.completed', session)).toMatchObject({ status: 200 });
    expect(mock.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect((await confirm(call, paid.data.orderToken)).data).toMatchObject({
      status: 'failed',
      code: errorCodes.paymentPeriodExpired,
    });
  });
});

describe('Stripe out of reach, and no webhook secret set', () => {
  let cut: TestShop;
  beforeAll(async () => {
    // A port nothing listens on: Stripe cannot be reached.
    const gone = await startMockStripe();
    await gone.close();
    cut = await createTestShop(
      'pglite',
      {},
      {
        providers: [
          (context) =>
            createStripeProvider(
              { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, host: gone.host, port: gone.port, protocol: 'http' },
              context,
            ),
        ],
      },
    );
    await cut.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
  });
  afterAll(() => cut?.close());

  it('paying answers 7004 (try again later), records no payment, and the order can be paid once Stripe answers', async () => {
    const call = shopperOf(cut, newVisitor());
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const paid = await call('POST', '/paymentStrategy', {
      checkoutToken,
      paymentMethodCode: 'stripe-element',
      idempotencyKey: idempotencyKey(),
    });
    expect(paid).toMatchObject({ status: 503, code: errorCodes.tryAgainLater });
    expect(cut.logs.some((line) => line.includes('Stripe could not be reached'))).toBe(true);
    // The same checkout pays with another method meanwhile.
    expect(
      (
        await call('POST', '/paymentStrategy', {
          checkoutToken,
          paymentMethodCode: 'card',
          paymentToken: await cardToken(call),
          idempotencyKey: idempotencyKey(),
        })
      ).data,
    ).toMatchObject({ status: 'paid' });
  });

  it('refuses every Stripe webhook without STRIPE_WEBHOOK_SECRET', async () => {
    const payload = JSON.stringify(
      mock.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', status: 'succeeded', metadata: {} }),
    );
    const answer = await cut.app.request('/api/payment-providers/stripe/webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
    });
    expect(answer.status).toBe(400);
  });
});

describe('without Stripe keys', () => {
  let plain: TestShop;
  beforeAll(async () => {
    plain = await createTestShop('pglite');
  });
  afterAll(() => plain?.close());

  it('offers no Stripe method, refuses paying with one, and answers the Stripe call 7005', async () => {
    const list = (await (await plain.app.request('/api/payment-methods/list?siteId=1')).json()) as PaymentMethodList;
    const codes = list.result.map((m) => m.code);
    expect(codes).not.toContain('stripe-element');
    expect(codes).not.toContain('stripe-checkout');
    expect(codes.length).toBeGreaterThan(0);
    const call = shopperOf(plain, newVisitor());
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const paid = await call('POST', '/paymentStrategy', {
      checkoutToken,
      paymentMethodCode: 'stripe-element',
      idempotencyKey: idempotencyKey(),
    });
    expect(paid.code).toBe(errorCodes.paymentChannelNotSupported);
    const secret = await call('POST', '/stripe/create-payment', { orderToken: '0'.repeat(32) });
    expect(secret).toMatchObject({ status: 400, code: errorCodes.paymentChannelNotSupported });
    expect((await plain.app.request('/api/payment-providers/stripe/pay/pi_123')).status).toBe(404);
  });
});
