// Money for a replaced order is never kept (issue 22, defect 3). A shopper pays, then changes the checkout
// (the tip) and pays again in another tab: the first order is canceled and replaced by a new one. Whatever
// the first payment does after that, the shop keeps no money for it, and the gateway's own record says so
// (not only the shop's row): a payment still open at the provider is canceled there when its order is
// replaced, so finishing it in the old tab takes nothing; one that took the money before the shop heard of
// it is given back once, whichever call reports it. For every way of paying: the test card's 3-D Secure,
// processing, authorization and address-confirm numbers, the wallet, the pay-later plan, the bank, Stripe.
// The new order is paid and keeps its money.
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import { testGatewayPayments } from '../db/payment-schema';
import { startMockStripe, type MockStripe } from '../../test-support/server/mock-stripe';
import { answerBank, bankEvent, payByBank, sendBankWebhook, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { idempotencyKey, pay, readyCheckout, shopperOf, TEST_ADDRESS, type Call } from '../../test-support/server/buyer';
import { gatewayRecord, latestPaymentOf } from '../../test-support/server/gateway';
import { firstSku } from '../../test-support/server/skus';
import { STRIPE_WEBHOOK_SECRET, stripeOnMock } from '../../test-support/server/stripe';
import { createTestShop, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

const THREE_DS = '4000 0027 6000 3184';
const PROCESSING = '4000 0025 0000 0003';
const AUTHORIZATION = '4000 0082 6000 0000';
const ADDRESS_CHECK = '4000 0000 0000 0010';
/** The test card's issuer answers a processing or authorization-pending card after this long. */
const SETTLE_MS = 300;
const expired = errorCodes.paymentPeriodExpired;

let shop: TestShop;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite', {
    testPayments: { settleAfterMs: SETTLE_MS, bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET },
  });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
});
afterAll(() => shop?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  call: Call;
  checkoutToken: string;
  outcome: PaymentOutcome;
  /** The provider's reference of the first payment. */
  reference: string;
}

/** A shopper's first payment of a ready checkout: a test card number, or a method's code. */
async function started(target: TestShop, how: { card: string } | { method: string } | 'bank'): Promise<Started> {
  // The bank (iDEAL) pays in the Netherlands, in euros.
  const call = shopperOf(target, newVisitor(), how === 'bank' ? 'currencyCode=EUR' : '');
  const checkoutToken = await readyCheckout(
    call,
    [{ skuId: shirt, quantity: 1 }],
    how === 'bank' ? { address: DUTCH_ADDRESS } : {},
  );
  const answer =
    how === 'bank'
      ? await payByBank(call, checkoutToken)
      : 'card' in how
        ? await pay(call, checkoutToken, how.card)
        : await call<PaymentOutcome>('POST', '/payment/create-order', {
            checkoutToken,
            paymentMethodCode: how.method,
            idempotencyKey: idempotencyKey(),
          });
  expect(answer.status).toBe(200);
  const reference = (await latestPaymentOf(target, answer.data.orderToken)).providerReference!;
  return { call, checkoutToken, outcome: answer.data, reference };
}

/** In another tab the shopper changes the tip and pays again with a card: a new order replaces the first. */
async function replaced(first: Started): Promise<PaymentOutcome> {
  const saved = await first.call('POST', '/multicurrency/asyncPayInfoSave', { token: first.checkoutToken, tip: 100 });
  expect(saved.status).toBe(200);
  const paid = await pay(first.call, first.checkoutToken);
  expect(paid.data).toMatchObject({ status: 'paid' });
  expect(paid.data.orderToken).not.toBe(first.outcome.orderToken);
  expect(await orderStatusOf(first.call, first.outcome.orderToken)).toBe('canceled');
  return paid.data;
}

const orderStatusOf = async (call: Call, token: string) =>
  (await call<OrderStatus>('GET', `/multicurrency/general/order/${token}/ckstatus`)).data.status;

/** The old tab is back on the shop's return page. */
const returns = (first: Started) =>
  first.call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: first.outcome.orderToken });

/** The shopper answers on a provider's page left open (a form post, as the browser sends it). */
async function answersPage(next: string, answer: string) {
  const response = await shop.app.request(new URL(next, 'http://localhost').pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ answer }).toString(),
  });
  expect(response.status).toBe(303);
}

/** The new order is paid, and its money stays with the shop. */
async function expectNewOrderKept(newOrder: PaymentOutcome) {
  const payment = await latestPaymentOf(shop, newOrder.orderToken);
  expect(payment.status).toBe('succeeded');
  const record = await gatewayRecord(shop, payment.providerReference!);
  expect(record).toMatchObject({ status: 'succeeded', refunded: 0, refunds: {} });
  expect(record.kept).toBe(payment.amount);
}

/** The first payment was given back at the gateway, once, and the shop's row says refunded. */
async function expectRefundedOnce(first: Started) {
  const record = await gatewayRecord(shop, first.reference);
  expect(record.status).toBe('succeeded');
  expect(record.refunded).toBe(record.amount);
  expect(Object.values(record.refunds)).toEqual([record.amount]);
  expect(record.kept).toBe(0);
  expect((await latestPaymentOf(shop, first.outcome.orderToken)).status).toBe('refunded');
}

/** The first payment was canceled at the gateway: nothing was taken. */
async function expectCanceledAtGateway(first: Started) {
  const record = await gatewayRecord(shop, first.reference);
  expect(record).toMatchObject({ status: 'canceled', refunded: 0 });
  expect(record.kept).toBe(0);
}

describe('finishing the first payment in the old tab after its order was replaced takes no money', () => {
  it('3-D Secure passed afterwards: the challenge was canceled at the issuer; the return says 5008', async () => {
    const first = await started(shop, { card: THREE_DS });
    const newOrder = await replaced(first);
    // The issuer's page left open no longer asks: it sends the shopper back; its answer is refused.
    expect((await shop.app.request(new URL(first.outcome.next).pathname)).status).toBe(303);
    await answersPage(first.outcome.next, 'pass');
    const back = await first.call<PaymentOutcome>('POST', '/paymentStrategy/threeDs', { orderToken: first.outcome.orderToken });
    expect(back.data).toMatchObject({ status: 'failed', code: expired });
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });

  it('the wallet approved afterwards: the approval was canceled at the wallet', async () => {
    const first = await started(shop, { method: 'paypal' });
    const newOrder = await replaced(first);
    await answersPage(first.outcome.next, 'approve');
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });

  it('the pay-later plan approved afterwards: the plan was canceled at the provider', async () => {
    const first = await started(shop, { method: 'klarna' });
    const newOrder = await replaced(first);
    await answersPage(first.outcome.next, 'approve');
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });

  it("the bank's page authorised afterwards: the payment was canceled at the bank", async () => {
    const first = await started(shop, 'bank');
    const newOrder = await replaced(first);
    expect((await answerBank(shop, first.reference, 'authorise')).status).toBe(303);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });

  it("the cardholder's authorization given afterwards: the request was canceled at the issuer", async () => {
    const first = await started(shop, { card: AUTHORIZATION });
    const newOrder = await replaced(first);
    await sleep(SETTLE_MS + 100);
    // The old tab's waiting page asks again.
    expect(await orderStatusOf(first.call, first.outcome.orderToken)).toBe('canceled');
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });

  it('the address confirmed afterwards: refused (5008), and the payment was canceled at the issuer', async () => {
    const first = await started(shop, { card: ADDRESS_CHECK });
    expect(first.outcome).toMatchObject({ status: 'action', action: 'confirmAddress' });
    const newOrder = await replaced(first);
    const late = await first.call('PUT', '/paymentStrategy', { orderToken: first.outcome.orderToken, address: TEST_ADDRESS });
    expect(late.code).toBe(expired);
    await expectCanceledAtGateway(first);
    await expectNewOrderKept(newOrder);
  });
});

describe('money the first payment took before the shop heard of it is given back once', () => {
  it('3-D Secure passed, then the order replaced before the return: given back; the late return says 5008', async () => {
    const first = await started(shop, { card: THREE_DS });
    // Passed in the old tab, whose way back to the shop is slow.
    await answersPage(first.outcome.next, 'pass');
    const newOrder = await replaced(first);
    await expectRefundedOnce(first);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });

  it('the wallet approved, then the order replaced: given back', async () => {
    const first = await started(shop, { method: 'paypal' });
    await answersPage(first.outcome.next, 'approve');
    const newOrder = await replaced(first);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });

  it('the pay-later plan approved, then the order replaced: given back', async () => {
    const first = await started(shop, { method: 'afterpay' });
    await answersPage(first.outcome.next, 'approve');
    const newOrder = await replaced(first);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });

  it('a processing card the issuer pays after the replacement: given back when the old tab asks again', async () => {
    const first = await started(shop, { card: PROCESSING });
    expect(first.outcome.status).toBe('processing');
    const newOrder = await replaced(first);
    await sleep(SETTLE_MS + 100);
    // The old tab's /payment/processing page polls the order's status.
    expect(await orderStatusOf(first.call, first.outcome.orderToken)).toBe('canceled');
    await expectRefundedOnce(first);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });

  it("the cardholder's authorization given before the replacement: given back", async () => {
    const first = await started(shop, { card: AUTHORIZATION });
    await sleep(SETTLE_MS + 100);
    const newOrder = await replaced(first);
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });

  it("the bank decides after the replacement, its webhook late: the old tab's pending page gives it back; the webhook then changes nothing", async () => {
    const first = await started(shop, 'bank');
    expect((await answerBank(shop, first.reference, 'authorise')).status).toBe(303);
    const newOrder = await replaced(first);
    // A bank that has the payment cannot be stopped: it waits for the bank.
    expect((await gatewayRecord(shop, first.reference)).status).toBe('authorised');
    // The bank decided; its webhook is on its way.
    await shop.database.db
      .update(testGatewayPayments)
      .set({ status: 'succeeded' })
      .where(eq(testGatewayPayments.reference, first.reference));
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    await expectRefundedOnce(first);
    expect((await sendBankWebhook(shop, bankEvent(first.reference, 'payment.succeeded'))).status).toBe(200);
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder);
  });
});

describe('Stripe (its API mocked)', () => {
  let mock: MockStripe;
  let stripeShop: TestShop;

  beforeAll(async () => {
    mock = await startMockStripe();
    stripeShop = await createTestShop(
      'pglite',
      {},
      {
        providers: [stripeOnMock(mock)],
      },
    );
    await stripeShop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
  });
  afterAll(async () => {
    await stripeShop?.close();
    await mock?.close();
  });

  async function startedWithStripe() {
    const first = await started(stripeShop, { method: 'stripe-element' });
    expect(first.reference).toMatch(/^pi_/);
    return first;
  }

  async function replacedAtStripe(first: Started) {
    const saved = await first.call('POST', '/multicurrency/asyncPayInfoSave', { token: first.checkoutToken, tip: 100 });
    expect(saved.status).toBe(200);
    const paid = await pay(first.call, first.checkoutToken);
    expect(paid.data).toMatchObject({ status: 'paid' });
    return paid.data;
  }

  const refundsOf = (intent: string) => mock.refunds.filter((r) => r.payment_intent === intent);

  async function sendWebhook(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify(mock.event(type, object));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    return readEnvelope(
      await stripeShop.app.request('/api/payment-providers/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      }),
    );
  }

  it('the PaymentIntent still open is canceled at Stripe when its order is replaced', async () => {
    const first = await startedWithStripe();
    await replacedAtStripe(first);
    expect(mock.intents.get(first.reference)!.status).toBe('canceled');
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    expect(refundsOf(first.reference)).toHaveLength(0);
  });

  it('one paid on the Payment Element before the replacement is refunded once; the return and the webhook after it change nothing', async () => {
    const first = await startedWithStripe();
    const intent = mock.pay(first.reference);
    await replacedAtStripe(first);
    expect(refundsOf(first.reference)).toEqual([expect.objectContaining({ amount: intent.amount, status: 'succeeded' })]);
    expect((await returns(first)).data).toMatchObject({ status: 'failed', code: expired });
    expect((await sendWebhook('payment_intent.succeeded', intent)).status).toBe(200);
    expect(refundsOf(first.reference)).toHaveLength(1);
    expect((await latestPaymentOf(stripeShop, first.outcome.orderToken)).status).toBe('refunded');
  });
});
