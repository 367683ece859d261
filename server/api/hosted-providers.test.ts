// The simulated hosted-page providers (PacyPay, Payssion, Oceanpayment, Airwallex iDEAL), each paid
// through its own call: the provider's signed entry and page, the shopper's return and the provider's
// signed notification settling the order once (one mail) whichever comes first, a notification not
// signed by the provider refused with nothing changed, the same idempotency key answering the same
// payment, and money taken for an order that expired meanwhile given back once at the provider.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OceanCheckout, OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import { paymentMethods } from '../db/payment-schema';
import { RECONCILE_QUIET_MS } from '../jobs/reconcile-payments';
import { airwallexEvent, airwallexHeaders } from '../payments/simulated/hosted/airwallex';
import type { HostedPayment } from '../payments/simulated/hosted/hosted-provider';
import { oceanResult } from '../payments/simulated/hosted/oceanpayment';
import { pacypayNotice } from '../payments/simulated/hosted/pacypay';
import { payssionNotice } from '../payments/simulated/hosted/payssion';
import { TEST_BANK_SECRET } from '../../test-support/server/bank';
import { idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { gatewayRecord, latestPaymentOf } from '../../test-support/server/gateway';
import { answerPage, hostedProvider, hostedRecord, secretOf, sendNotice } from '../../test-support/server/hosted';
import { captureSmtp, mailerTo, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { firstSku } from '../../test-support/server/skus';
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let smtp: SmtpCapture;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  smtp = await captureSmtp();
  shop = await createTestShop(
    'pglite',
    { cacheTtlMs: 0, testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } },
    { mailer: mailerTo(smtp) },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
  // The demo keeps Airwallex's iDEAL off (its iDEAL is the test bank's): a merchant switches it on.
  await shop.database.db.update(paymentMethods).set({ enabled: true }).where(eq(paymentMethods.code, 'airwallex-ideal'));
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

interface Case {
  provider: string;
  /** The amount field of the provider's signed entry (the browser's redirect or form post), if it has one. */
  entry?: string;
  /** Where the checkout ships and the shopper's currency (Airwallex's iDEAL: the Netherlands, euros). */
  dutch?: boolean;
  /** Places the order with the provider's own call; answers the outcome. */
  pay(call: Call, checkoutToken: string, key: string): Promise<{ status: number; code: number; data: PaymentOutcome }>;
  /** A notification of the payment as the provider sends it, signed with `secret`. */
  forged(payment: HostedPayment, secret: string): { body: string; headers: Record<string, string> };
  /** The body with a field changed (the amount where it has one). */
  tamper(body: string): string;
}

const withField = (body: string, name: string, value: string) => {
  const fields = new URLSearchParams(body);
  fields.set(name, value);
  return fields.toString();
};

const json = { 'Content-Type': 'application/json' };
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

const CASES: Case[] = [
  {
    provider: 'pacypay',
    pay: (call, checkoutToken, key) =>
      call<PaymentOutcome>('POST', '/pacypay/create-order', { checkoutToken, paymentMethodCode: 'pacypay', idempotencyKey: key }),
    forged: (payment, secret) => ({ body: pacypayNotice(secret, payment, 'SUCCESS', 'evt_forged'), headers: json }),
    tamper: (body) => JSON.stringify({ ...(JSON.parse(body) as object), amount: '0.01' }),
  },
  {
    provider: 'payssion',
    entry: 'amount',
    pay: (call, checkoutToken, key) =>
      call<PaymentOutcome>('POST', '/payment/create-order', {
        checkoutToken,
        paymentMethodCode: 'payssion',
        idempotencyKey: key,
      }),
    forged: (payment, secret) => ({ body: payssionNotice(secret, payment, 'completed'), headers: form }),
    tamper: (body) => withField(body, 'amount', '0.01'),
  },
  {
    provider: 'oceanpayment',
    entry: 'order_amount',
    pay: async (call, checkoutToken, key) => {
      const answer = await call<OceanCheckout>('POST', `/oceanpayment/one-page-checkout/${checkoutToken}/`, {
        paymentMethodCode: 'oceanpayment',
        idempotencyKey: key,
      });
      return { ...answer, data: answer.data?.outcome };
    },
    forged: (payment, secret) => ({
      body: new URLSearchParams(oceanResult(secret, payment, true, 'evt_forged')).toString(),
      headers: form,
    }),
    tamper: (body) => withField(body, 'order_amount', '0.01'),
  },
  {
    provider: 'airwallex',
    dutch: true,
    pay: (call, checkoutToken, key) =>
      call<PaymentOutcome>('POST', '/paymentStrategy', {
        checkoutToken,
        paymentMethodCode: 'airwallex-ideal',
        bank: 'ing',
        idempotencyKey: key,
      }),
    forged: (payment, secret) => {
      const body = airwallexEvent('evt_forged', 'payment_intent.succeeded', payment.reference);
      return { body, headers: airwallexHeaders(secret, body) };
    },
    tamper: (body) => body.replace('payment_intent.succeeded', 'payment_intent.payment_failed'),
  },
];

async function mailsNow() {
  await shop.app.mailSettled();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return smtp.received.length;
}

describe.each(CASES)('$provider', (c) => {
  /** A checkout placed and paid with the provider: the shopper is sent to its page. */
  async function placed(key = idempotencyKey()) {
    const call = shopperOf(shop, newVisitor(), c.dutch ? 'currencyCode=EUR' : '');
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], {
      email: `${c.provider}@example.com`,
      ...(c.dutch ? { address: DUTCH_ADDRESS } : {}),
    });
    const answer = await c.pay(call, checkoutToken, key);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    expect(answer.data).toMatchObject({ status: 'action', action: 'redirect' });
    const { orderToken } = answer.data;
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    return { call, checkoutToken, key, outcome: answer.data, orderToken, reference };
  }
  const back = (call: Call, orderToken: string) => call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });
  const orderStatus = async (call: Call, orderToken: string) =>
    (await call<OrderStatus>('GET', `/multicurrency/general/order/${orderToken}/ckstatus`)).data.status;

  it("sends the shopper through the provider's signed entry to its page; paid there, the return pays the order", async () => {
    const { call, outcome, orderToken, reference } = await placed();
    const next = outcome.next.replace(/^https?:\/\/[^/]+/, '');
    const pagePath = `/api/payment-providers/${c.provider}/pay/${reference}`;
    if (c.entry) {
      // The browser carries the signed fields to the provider's entry, which sends it on to the page.
      const entry = await shop.app.request(next);
      expect(entry.status).toBe(303);
      expect(entry.headers.get('location')).toBe(pagePath);
      // A field changed on the way (the amount) is refused.
      const changed = new URL(next, 'http://shop.test');
      changed.searchParams.set(c.entry, '0.01');
      expect((await shop.app.request(`${changed.pathname}${changed.search}`)).status).toBe(400);
    } else expect(next).toBe(pagePath);
    const page = await shop.app.request(pagePath);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay now');
    const paid = await answerPage(shop, c.provider, reference, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment/information?order=${orderToken}`);
    expect((await back(call, orderToken)).data).toMatchObject({ status: 'paid', next: `/thankyou/${orderToken}` });
    expect(await gatewayRecord(shop, reference)).toMatchObject({
      status: 'succeeded',
      kept: (await hostedRecord(shop, c.provider, reference)).amount,
    });
  });

  it('settles once, one mail, when the return and the signed notification arrive together', async () => {
    const { call, orderToken, reference } = await placed();
    await answerPage(shop, c.provider, reference, 'pay');
    const mails = await mailsNow();
    const [returned] = await Promise.all([back(call, orderToken), hostedProvider(shop, c.provider).notify(reference)]);
    expect(returned.data.status).toBe('paid');
    // Delivered again: still one paid order.
    await hostedProvider(shop, c.provider).notify(reference);
    expect(await orderStatus(call, orderToken)).toBe('paid');
    expect((await mailsNow()) - mails).toBe(1);
    expect((await gatewayRecord(shop, reference)).refunded).toBe(0);
  });

  it('refuses a notification not signed by the provider (or changed on the way): nothing changes', async () => {
    const { call, orderToken, reference } = await placed();
    const payment = await hostedRecord(shop, c.provider, reference);
    const wrong = c.forged(payment, 'not the merchant secret');
    expect((await sendNotice(shop, c.provider, wrong.body, wrong.headers)).status).toBe(400);
    // The genuine notification with a field changed on the way.
    const genuine = c.forged(payment, secretOf(c.provider));
    expect((await sendNotice(shop, c.provider, c.tamper(genuine.body), genuine.headers)).status).toBe(400);
    expect(await orderStatus(call, orderToken)).toBe('pending');
    expect((await gatewayRecord(shop, reference)).status).toBe('awaiting');
    // The genuine one is taken.
    expect((await sendNotice(shop, c.provider, genuine.body, genuine.headers)).status).toBe(200);
    expect(await orderStatus(call, orderToken)).toBe('paid');
  });

  it('answers the same payment to the same idempotency key, once at the provider, even at once', async () => {
    const first = await placed();
    const again = await c.pay(first.call, first.checkoutToken, first.key);
    expect(again.data).toEqual(first.outcome);
    const key = idempotencyKey();
    const call = shopperOf(shop, newVisitor(), c.dutch ? 'currencyCode=EUR' : '');
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], c.dutch ? { address: DUTCH_ADDRESS } : {});
    const both = await Promise.all([c.pay(call, checkoutToken, key), c.pay(call, checkoutToken, key)]);
    expect(both[0].data).toEqual(both[1].data);
    expect(both[0].data.orderToken).toBeTruthy();
  });

  it('gives back, once, money the provider took for an order that expired meanwhile', async () => {
    const { call, orderToken, reference } = await placed();
    // Paid at the provider in a tab left open, while the shop let the order go.
    await answerPage(shop, c.provider, reference, 'pay');
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 3600_000));
    await Promise.all([hostedProvider(shop, c.provider).notify(reference), back(call, orderToken)]);
    const record = await gatewayRecord(shop, reference);
    expect(record).toMatchObject({ status: 'succeeded', refunded: record.amount, kept: 0 });
    expect(Object.keys(record.refunds)).toHaveLength(1);
    expect((await back(call, orderToken)).data).toMatchObject({ status: 'failed', code: errorCodes.paymentPeriodExpired });
    expect(await orderStatus(call, orderToken)).toBe('expired');
  });

  it('the reconciliation job gives it back when neither the return nor the notification came', async () => {
    const { reference } = await placed();
    await answerPage(shop, c.provider, reference, 'pay');
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 3600_000));
    const job = shop.app.jobs.find((j) => j.name === 'reconcile payments')!;
    await job.run(new Date(Date.now() + RECONCILE_QUIET_MS + 60_000));
    await job.run(new Date(Date.now() + RECONCILE_QUIET_MS + 120_000));
    const record = await gatewayRecord(shop, reference);
    expect(record).toMatchObject({ refunded: record.amount, kept: 0 });
    expect(Object.keys(record.refunds)).toHaveLength(1);
  });

  it('cancels the page when the order expires first: the page sends the shopper back, nothing is taken', async () => {
    const { reference } = await placed();
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 3600_000));
    expect((await gatewayRecord(shop, reference)).status).toBe('canceled');
    const late = await answerPage(shop, c.provider, reference, 'pay');
    expect(late.status).toBe(303);
    expect(await gatewayRecord(shop, reference)).toMatchObject({ status: 'canceled', kept: 0 });
  });
});
