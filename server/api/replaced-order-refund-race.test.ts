// Money for a replaced order is given back exactly once however many calls report it at the same moment
// (issue 22, defect 3), on PostgreSQL with two server processes: the old tab's returns, the bank's webhooks,
// the replacement itself and the reconciliation job, all at once. And the job alone gives back a payment the
// provider says succeeded for an order that was canceled when the shop heard nothing of it (the shopper
// never came back, the webhook never came).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import { testGatewayPayments } from '../db/payment-schema';
import { SIGNATURE_HEADER, signBankWebhook } from '../payments/simulated/bank/signature';
import { RECONCILE_QUIET_MS } from '../jobs/reconcile-payments';
import { answerBank, bankEvent, eventId, payByBank, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { cardToken, idempotencyKey, pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { gatewayRecord, latestPaymentOf } from '../../test-support/server/gateway';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const THREE_DS = '4000 0027 6000 3184';

let shop: TestShop;
let other: ReturnType<TestShop['anotherProcess']>;
let shirt: number;
const newVisitor = visitors();
type App = TestShop['app'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  shop = await createTestShop('postgres', {
    testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET },
  });
  other = shop.anotherProcess();
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
}, 60_000);
afterAll(() => shop?.close());

interface First {
  /** The shopper's browser: the old tab and the new one are the same visitor. */
  visitor: string;
  checkoutToken: string;
  orderToken: string;
  reference: string;
}

/** A call of the shopper's browser through `app` (one server process or the other). */
// In the Netherlands, in euros: where iDEAL pays (the card pays everywhere).
const callOf = (app: App, first: Pick<First, 'visitor'>): Call => shopperOf({ ...shop, app }, first.visitor, 'currencyCode=EUR');

/** A shopper's first payment: the test card's 3-D Secure number, or iDEAL. */
async function firstPayment(how: 'threeDs' | 'bank'): Promise<First> {
  const visitor = newVisitor();
  const call = callOf(shop.app, { visitor });
  const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
  const answer = how === 'bank' ? await payByBank(call, checkoutToken) : await pay(call, checkoutToken, THREE_DS);
  expect(answer.status).toBe(200);
  const reference = (await latestPaymentOf(shop, answer.data.orderToken)).providerReference!;
  return { visitor, checkoutToken, orderToken: answer.data.orderToken, reference };
}

/** In the other tab the tip is changed and the checkout paid again by card, through `app`: a new order. */
async function replace(app: App, first: First): Promise<PaymentOutcome> {
  const call = callOf(app, first);
  const saved = await call('POST', '/multicurrency/asyncPayInfoSave', { token: first.checkoutToken, tip: 100 });
  expect(saved.status).toBe(200);
  const paid = await pay(call, first.checkoutToken);
  expect(paid.data).toMatchObject({ status: 'paid' });
  return paid.data;
}

/** The old tab's return page, through `app`. */
const returns = (app: App, first: First) =>
  callOf(app, first)<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: first.orderToken }).then((r) => r.status);

async function webhook(app: App, reference: string) {
  const body = bankEvent(reference, 'payment.succeeded', eventId());
  const response = await app.request('/api/payment-providers/test-bank/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBankWebhook(TEST_BANK_SECRET, body) },
    body,
  });
  return response.status;
}

/** The reconciliation job of a process, run as its timer would, once the payment has been quiet long enough. */
function reconcile(app: App) {
  const job = app.jobs.find((j) => j.name === 'reconcile payments');
  if (!job) throw new Error('no reconciliation job');
  return job.run(new Date(Date.now() + RECONCILE_QUIET_MS + 60_000));
}

/** The gateway decided (the bank, or the issuer after 3-D Secure): the shop has not heard of it yet. */
const decidedAtGateway = (reference: string) =>
  shop.database.db.update(testGatewayPayments).set({ status: 'succeeded' }).where(eq(testGatewayPayments.reference, reference));

async function expectRefundedOnce(first: First) {
  const record = await gatewayRecord(shop, first.reference);
  expect(record.status).toBe('succeeded');
  expect(Object.values(record.refunds)).toEqual([record.amount]);
  expect(record.refunded).toBe(record.amount);
  expect((await latestPaymentOf(shop, first.orderToken)).status).toBe('refunded');
}

async function expectNewOrderKept(orderToken: string) {
  const payment = await latestPaymentOf(shop, orderToken);
  expect(payment.status).toBe('succeeded');
  expect((await gatewayRecord(shop, payment.providerReference!)).kept).toBe(payment.amount);
}

describe('the old order’s late money, reported by many calls at once (PostgreSQL, two processes)', () => {
  it('3-D Secure passed in the old tab while the changed checkout is paid again, with 20 returns and both jobs at once: one order keeps the money, the other none', async () => {
    const apps = [shop.app, other];
    for (let round = 0; round < 6; round++) {
      const first = await firstPayment('threeDs');
      // Passed at the issuer; the old tab's way back is under way. Meanwhile the other tab changed the tip.
      await decidedAtGateway(first.reference);
      const call = callOf(apps[round % 2]!, first);
      expect((await call('POST', '/multicurrency/asyncPayInfoSave', { token: first.checkoutToken, tip: 100 })).status).toBe(200);
      const paymentToken = await cardToken(call);
      // The returns spread over the moments around the new payment (some before it, most during and after).
      const [paid, ...statuses] = await Promise.all([
        call<PaymentOutcome>('POST', '/payment/create-order', {
          checkoutToken: first.checkoutToken,
          paymentMethodCode: 'card',
          paymentToken,
          idempotencyKey: idempotencyKey(),
        }),
        ...Array.from({ length: 20 }, (_, i) => sleep(round * 6 + i * 3).then(() => returns(apps[i % 2]!, first))),
        reconcile(shop.app),
        reconcile(other),
      ]);
      expect(statuses.filter((s) => typeof s === 'number' && s >= 500)).toEqual([]);
      await Promise.all([returns(shop.app, first), returns(other, first)]);
      const record = await gatewayRecord(shop, first.reference);
      if (paid.data.status === 'paid') {
        // The new order came first: the old one's money is given back, once.
        await expectRefundedOnce(first);
        await expectNewOrderKept(paid.data.orderToken);
      } else {
        // The old tab's return came first: the old order is paid with it and the checkout is settled.
        expect(paid.code).toBe(errorCodes.orderAlreadySettled);
        expect((await latestPaymentOf(shop, first.orderToken)).status).toBe('succeeded');
        expect(record).toMatchObject({ refunded: 0, refunds: {} });
        expect(record.kept).toBe(record.amount);
      }
    }
  }, 120_000);

  it('the bank decides after the replacement: 20 returns and 20 webhooks (new event ids) and both jobs at once: one refund', async () => {
    for (let round = 0; round < 3; round++) {
      const first = await firstPayment('bank');
      expect((await answerBank(shop, first.reference, 'authorise')).status).toBe(303);
      const newOrder = await replace(shop.app, first);
      await decidedAtGateway(first.reference);
      const apps = [shop.app, other];
      const statuses = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => returns(apps[i % 2]!, first)),
        ...Array.from({ length: 20 }, (_, i) => webhook(apps[(i + 1) % 2]!, first.reference)),
        reconcile(shop.app),
        reconcile(other),
      ]);
      expect(statuses.filter((s) => typeof s === 'number' && s >= 500)).toEqual([]);
      await expectRefundedOnce(first);
      await expectNewOrderKept(newOrder.orderToken);
    }
  }, 120_000);
});

describe('the reconciliation job', () => {
  it('gives back, once, a payment the bank says succeeded for an order that was replaced, when the shop heard nothing', async () => {
    const first = await firstPayment('bank');
    expect((await answerBank(shop, first.reference, 'authorise')).status).toBe(303);
    const newOrder = await replace(shop.app, first);
    // The bank decided; its webhook never came and the shopper never came back to the old tab.
    await decidedAtGateway(first.reference);
    expect((await gatewayRecord(shop, first.reference)).kept).toBeGreaterThan(0);
    // Not before the payment has been quiet a while (the return and the webhook come first as a rule).
    const job = shop.app.jobs.find((j) => j.name === 'reconcile payments')!;
    await job.run(new Date());
    expect((await gatewayRecord(shop, first.reference)).refunded).toBe(0);
    // Both processes' jobs at once.
    await Promise.all([reconcile(shop.app), reconcile(other)]);
    await expectRefundedOnce(first);
    await expectNewOrderKept(newOrder.orderToken);
    // Later runs find nothing more to do.
    await reconcile(other);
    await expectRefundedOnce(first);
  }, 60_000);

  it('closes at the provider a payment left open for an order the shop canceled (a process stopped on the way)', async () => {
    const first = await firstPayment('threeDs');
    // The order canceled as the replacement does, but its payment never closed at the issuer.
    await shop.database.db.execute(sql`update orders set status = 'canceled' where token = ${first.orderToken}`);
    expect((await gatewayRecord(shop, first.reference)).status).toBe('challenge');
    await reconcile(other);
    expect((await gatewayRecord(shop, first.reference)).status).toBe('canceled');
    expect((await latestPaymentOf(shop, first.orderToken)).status).toBe('canceled');
  }, 60_000);
});
