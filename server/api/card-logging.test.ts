// Issue 22, defect 7: no log line carries a card number. A shopper pays with every test card of docs/payments.md,
// then card numbers (spaced, dashed, plain, inside JSON) are sent through every call that logs what a client
// sent: the browser's failure report and failure log, bodies that are not JSON, card fields the provider
// refuses, webhooks with bad signatures, unknown addresses. Both logs are read: the lines the server's
// logger writes (pino, server/log/logger.ts) and the lines the test shop captures; neither may hold any of
// the numbers, even with spaces and dashes taken out.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { createLogger, logTo } from '../log/logger';
import { createStripeProvider } from '../payments/stripe/provider';
import { APPROVED_CARD, DECLINED_CARDS, SCENARIO_CARDS } from '../payments/simulated/card/test-numbers';
import { cardToken, idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku, setStock } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const WEBHOOK_SECRET = 'whsec_card_logging_test';
/** Every number of the test card's tables (docs/payments.md). */
const TEST_CARDS = [APPROVED_CARD, ...DECLINED_CARDS.keys(), ...SCENARIO_CARDS.keys()];
/** Cards of other brands and lengths a shopper might paste into a report (Amex 15, Visa 13, 19 digits). */
const OTHER_CARDS = ['378282246310005', '4222222222222', '6011111111111117', '5555555555554444', '6200000000000000000'];

/** The ways a person or a script writes a card number. */
const formsOf = (card: string) => {
  const groups = card.match(/.{1,4}/g)!;
  return [card, groups.join(' '), groups.join('-'), groups.join(' - '), groups.join('\u00a0'), groups.join('.')];
};

let shop: TestShop;
/** The lines the server's logger wrote. */
const written: string[] = [];
const newVisitor = visitors();
let shirt: number;

beforeAll(async () => {
  const logger = createLogger({ level: 'trace', destination: { write: (line: string) => void written.push(line) } });
  shop = await createTestShop(
    'pglite',
    {},
    {
      log: logTo(logger),
      // Stripe's SDK puts the whole refused body on its signature error: a webhook is one more way in.
      providers: [
        (context) =>
          createStripeProvider(
            {
              secretKey: 'sk_test_x',
              publishableKey: 'pk_test_x',
              webhookSecret: WEBHOOK_SECRET,
              host: '127.0.0.1',
              port: 9,
              protocol: 'http',
            },
            context,
          ),
      ],
    },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await setStock(shop, shirt, 100_000);
});
afterAll(() => shop?.close());

/** Posts a raw body to an API address, as a browser or a script would. */
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  shop.app.request(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

/** Pays a fresh checkout with `number` written as the shopper typed it; answers the call and the outcome. */
async function payWith(number: string): Promise<{ call: Call; outcome: Pick<PaymentOutcome, 'orderToken' | 'orderNumber'> }> {
  const call = shopperOf(shop, newVisitor());
  const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
  const paid = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call, number),
    idempotencyKey: idempotencyKey(),
  });
  // A declined card is an error whose data names the order (it stays payable).
  return { call, outcome: paid.data };
}

/** Both logs, as one text. */
const everything = () => `${written.join('')}\n${shop.logs.join('\n')}`;

describe('no log line carries a card number', () => {
  it('pays with every test card, sends card numbers through every call that logs client text, and logs none', async () => {
    const cards = [...TEST_CARDS, ...OTHER_CARDS];
    const orderTokens: string[] = [];
    for (const [i, card] of TEST_CARDS.entries()) {
      const forms = formsOf(card);
      // Typed plain, spaced or dashed (what the card field takes).
      const { call, outcome } = await payWith(forms[i % 3]!);
      const { orderToken } = outcome;
      expect(orderToken, card).toMatch(/^[0-9a-f]{32}$/);
      orderTokens.push(orderToken);
      // The browser reports a failure in its own words: the card number among them, in every form.
      for (const form of forms) {
        await call('POST', '/paymentStrategy/failure', {
          orderToken,
          code: 80001,
          message: `Stripe.js: your card ${form} was declined (card number ${form})`,
        });
      }
    }

    const call = shopperOf(shop, newVisitor());
    for (const [i, card] of cards.entries()) {
      // Every form for the first card, two for each other (every form is sent with several cards).
      const all = formsOf(card);
      for (const form of i === 0 ? all : [all[i % all.length]!, all[(i + 3) % all.length]!]) {
        // The failure log: the payload is any object the page's script sends.
        await call('POST', '/paymentStrategy/failureLog', {
          type: 'error',
          payload: {
            message: `card ${form} refused`,
            card: { number: form, cvc: '123', expiry: '12/30' },
            [form]: 'a card number as a field name',
            nested: { list: [{ text: `typed ${form}` }], number: Number(card) },
          },
        });
        // A failure with a code that is not one: refused, and the refusal is logged.
        await call('POST', '/paymentStrategy/failure', { orderToken: orderTokens[0], code: 7000, message: form });
        // Bodies that are not JSON, cut after the number.
        await post('/paymentStrategy/failureLog', `{"payload":{"message":"${form}"`);
        await post('/payment-providers/test-card/tokens', `{"number":"${form}","expiry":`);
        // Card fields the provider refuses: a bad expiry and security code, and a field it does not know.
        await call('POST', '/payment-providers/test-card/tokens', { number: form, expiry: '13/99', cvc: '1', name: '' });
        await call('POST', '/payment-providers/test-card/tokens', {
          number: form,
          expiry: '12/30',
          cvc: '123',
          name: 'A',
          cardNumber: form,
        });
        // Webhooks that are not signed, or signed with another secret.
        const event = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', reference: 'x', card: form });
        await post('/payment-providers/test-bank/webhook', event, { 'Vitrine-Signature': `t=1,v1=${'0'.repeat(64)}` });
        const stripeEvent = JSON.stringify({
          id: 'evt_1',
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { card: form },
        });
        await post('/payment-providers/stripe/webhook', stripeEvent, {
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: stripeEvent, secret: 'whsec_someone_else' }),
        });
        await post(`/payment-providers/${encodeURIComponent(form)}/webhook`, event);
        // The number in an address and a query.
        await shop.app.request(`/api/multicurrency/general/order/${encodeURIComponent(form)}`);
        await shop.app.request(`/api/products?limit=${encodeURIComponent(form)}`);
      }
    }

    const logged = everything();
    const digitsOnly = logged.replace(/[\s\u00a0\-.\u2010-\u2015/]|\\u00a0|\\[tn]/g, '');
    for (const card of cards) {
      expect(logged, card).not.toContain(card);
      expect(digitsOnly, card).not.toContain(card);
      // Not even the first twelve digits: at most the last four are kept.
      expect(digitsOnly, card).not.toContain(card.slice(0, 12));
    }
    // A security code sent in a report is not logged either.
    expect(logged).not.toMatch(/"cvc\\?"\s*:\s*\\?"123/);
    // The calls above were logged (and masked), not left out.
    expect(shop.logs.some((line) => line.includes('payment failure reported by the browser'))).toBe(true);
    expect(shop.logs.some((line) => line.includes('in the browser'))).toBe(true);
    expect(shop.logs.some((line) => line.includes('a stripe webhook was refused'))).toBe(true);
    expect(written.some((line) => line.includes('a stripe webhook was refused'))).toBe(true);
    expect(logged).toContain('**** **** **** 4242');
    expect(logged).toContain('****-****-****-3184');
    // Stripe's error holds the refused body: written masked with the error, not left out.
    expect(written.join('')).toMatch(/"payload":"(?:[^"\\]|\\.)*\*{4} \*{4} \*{4} \d{4}/);

    // Every written line is still one JSON object.
    for (const line of written) expect(() => JSON.parse(line)).not.toThrow();
  }, 120_000);

  it('keeps the lines of an order placed with a card readable: the order, the code and the last four digits', async () => {
    const { call, outcome } = await payWith(`${APPROVED_CARD.slice(0, 8)} ${APPROVED_CARD.slice(8)}`);
    await call('POST', '/paymentStrategy/failure', {
      orderToken: outcome.orderToken,
      code: 80007,
      message: `insufficient funds on 4242 4242 4242 4242 (order ${outcome.orderNumber})`,
    });
    expect(shop.logs).toContain(
      `payment failure reported by the browser (80007): insufficient funds on **** **** **** 4242 (order ${outcome.orderNumber})`,
    );
  });
});
