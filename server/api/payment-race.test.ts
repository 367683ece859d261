// The bank's webhook and the shopper's return racing each other (the race behind double captures and
// double confirmation mails reported against other shops), on PostgreSQL with two server processes:
// whichever arrives first settles the payment, in one conditional statement (settle-payment.ts), and
// the order is paid once and mailed once: webhook first, return first, and both at once, ×50.
import { firstSku } from '../../test-support/server/skus';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { skus } from '../db/catalog-schema';
import { payments, testGatewayPayments } from '../db/payment-schema';
import { SIGNATURE_HEADER, signBankWebhook } from '../payments/simulated/bank/signature';
import { answerBank, bankEvent, eventId, payByBank, referenceOf, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { captureSmtp, mailerTo, recipients, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
/** Another server process on the same database (its own mail sender, same SMTP server). */
let other: ReturnType<TestShop['anotherProcess']>;
let smtp: SmtpCapture;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  smtp = await captureSmtp();
  shop = await createTestShop(
    'postgres',
    { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } },
    { mailer: mailerTo(smtp) },
  );
  other = shop.anotherProcess();
  // Enough shirts for every order of the races.
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await shop.database.db.update(skus).set({ stock: 1000 }).where(eq(skus.id, shirt));
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

type App = TestShop['app'];

interface Waiting {
  call: Call;
  email: string;
  reference: string;
  orderToken: string;
}

let n = 0;
/** An order paid by iDEAL whose shopper authorised at the bank: the payment waits for the bank. */
async function waitingOrder(): Promise<Waiting> {
  const visitor = newVisitor();
  // iDEAL pays from the Netherlands, in euros.
  const call = shopperOf(shop, visitor, 'currencyCode=EUR');
  const email = `race-${++n}@example.com`;
  const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { email, address: DUTCH_ADDRESS });
  const paid = await payByBank(call, checkout);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.message}`);
  const reference = referenceOf(paid.data);
  expect((await answerBank(shop, reference, 'authorise')).status).toBe(303);
  return { call, email, reference, orderToken: paid.data.orderToken };
}

/** The bank has decided (its webhook is on its way): what its records say before the shop hears of it. */
const bankDecided = (reference: string) =>
  shop.database.db.update(testGatewayPayments).set({ status: 'succeeded' }).where(eq(testGatewayPayments.reference, reference));

/** The shopper back in the shop: its return page asks how the payment stands (through `app`). */
const shopperReturns = (app: App, order: Waiting) =>
  order.call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: order.orderToken }).then((r) => ({ ...r, app }));

/** The bank's webhook, delivered to `app`. */
async function webhook(app: App, reference: string, id = eventId()) {
  const body = bankEvent(reference, 'payment.succeeded', id);
  const response = await app.request('/api/payment-providers/test-bank/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBankWebhook(TEST_BANK_SECRET, body) },
    body,
  });
  return response.status;
}

async function allMailSent() {
  await Promise.all([shop.app.mailSettled(), other.mailSettled()]);
  await new Promise((resolve) => setTimeout(resolve, 150));
}
const mailsTo = (email: string) => smtp.received.filter((m) => recipients(m) === email).length;

async function expectPaidOnce(order: Waiting) {
  const status = (await order.call<OrderStatus>('GET', `/multicurrency/general/order/${order.orderToken}/ckstatus`)).data;
  expect(status).toMatchObject({ status: 'paid', payment: { status: 'paid' } });
  const rows = await shop.database.db.select().from(payments).where(eq(payments.providerReference, order.reference));
  expect(rows.map((r) => r.status)).toEqual(['succeeded']);
  expect(mailsTo(order.email)).toBe(1);
}

describe('the webhook and the return racing (PostgreSQL, two processes)', () => {
  it('webhook first: the webhook pays and mails; the return finds the order paid and mails nothing', async () => {
    const order = await waitingOrder();
    expect(await webhook(shop.app, order.reference)).toBe(200);
    const back = await shopperReturns(other, order);
    expect(back.data).toMatchObject({ status: 'paid', next: `/thankyou/${order.orderToken}` });
    await allMailSent();
    await expectPaidOnce(order);
  });

  it('return first: the return finds the bank decided, pays and mails; the webhook then finds it paid', async () => {
    const order = await waitingOrder();
    // Back before the bank decided: the payment waits (the pending page).
    expect((await shopperReturns(shop.app, order)).data).toMatchObject({ status: 'pending' });
    await bankDecided(order.reference);
    expect((await shopperReturns(shop.app, order)).data).toMatchObject({ status: 'paid' });
    expect(await webhook(other, order.reference)).toBe(200);
    await allMailSent();
    await expectPaidOnce(order);
  });

  it('one order, 50 returns and 50 webhooks (new event ids) at once across two processes: one paid order, one mail', async () => {
    const order = await waitingOrder();
    await bankDecided(order.reference);
    const apps = [shop.app, other];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? webhook(apps[i % 4 < 2 ? 0 : 1]!, order.reference)
          : shopperReturns(apps[i % 4 < 2 ? 1 : 0]!, order).then((r) => r.data.status),
      ),
    );
    expect(results.filter((r) => r === 200)).toHaveLength(50);
    expect(results.filter((r) => r === 'paid')).toHaveLength(50);
    await allMailSent();
    await expectPaidOnce(order);
  }, 60_000);

  it('50 orders, each with its return and its webhook (and the webhook again) at once: 50 paid orders, one mail each', async () => {
    const orders: Waiting[] = [];
    for (let batch = 0; batch < 5; batch++) orders.push(...(await Promise.all(Array.from({ length: 10 }, waitingOrder))));
    // Half of them decided at the bank before the shop hears of it, half decided by the webhook itself.
    await Promise.all(orders.filter((_, i) => i % 2).map((o) => bankDecided(o.reference)));
    const mailsBefore = smtp.received.length;
    await Promise.all(
      orders.flatMap((order, i) => {
        const id = eventId();
        return [
          webhook(i % 2 ? shop.app : other, order.reference, id),
          webhook(i % 2 ? other : shop.app, order.reference, id),
          shopperReturns(i % 3 ? shop.app : other, order),
        ];
      }),
    );
    // A return that came before the webhook saw the payment pending: it asks again (the pending page polls).
    await Promise.all(orders.map((order) => shopperReturns(shop.app, order)));
    await allMailSent();
    for (const order of orders) await expectPaidOnce(order);
    expect(smtp.received.length - mailsBefore).toBe(50);
  }, 120_000);
});
