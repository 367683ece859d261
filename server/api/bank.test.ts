// The test bank (redirect bank methods and vouchers): the bank selection, the bank's own page, the
// payment pending until the bank's signed webhook, the signature refused when it is not genuine (and
// nothing changes), a success that pays the order once with one mail, a failure that leaves the order
// payable, the same event twice acting once, a voucher that waits for days.
import { firstSku } from '../../test-support/server/skus';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdealBank, OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { orders } from '../db/order-schema';
import { payments } from '../db/payment-schema';
import { applyWebhook } from '../commerce/orders/payment-webhook';
import type { Provider } from '../payments/provider';
import { signBankWebhook } from '../payments/simulated/bank/signature';
import { answerBank, bankEvent, payByBank, referenceOf, sendBankWebhook, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { idempotencyKey, pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { DUTCH_ADDRESS, GERMAN_ADDRESS, MEXICAN_ADDRESS } from '../../test-support/server/test-address';
import { captureSmtp, mailerTo, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let smtp: SmtpCapture;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  smtp = await captureSmtp();
  shop = await createTestShop(
    'pglite',
    { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } },
    { mailer: mailerTo(smtp) },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const paymentOf = async (reference: string) =>
  (await shop.database.db.select().from(payments).where(eq(payments.providerReference, reference)))[0]!;
const statusOf = async (call: Call, orderToken: string) =>
  (await call<OrderStatus>('GET', `/multicurrency/general/order/${orderToken}/ckstatus`)).data;

/** A shopper who paid by iDEAL and authorised at the bank: back in the shop, the payment pending. */
async function authorised(answer = 'authorise', method = 'ideal', bank: string | null = 'ing') {
  // iDEAL works in the Netherlands, in euros (schemas/payment-reach.ts).
  const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR');
  const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], {
    email: 'bank@example.com',
    address: DUTCH_ADDRESS,
  });
  const paid = await payByBank(call, checkout, method, bank);
  expect(paid.status).toBe(200);
  const reference = referenceOf(paid.data);
  const answered = await answerBank(shop, reference, answer);
  expect(answered.status).toBe(303);
  const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: paid.data.orderToken });
  return { call, checkout, reference, orderToken: paid.data.orderToken, back: back.data };
}

/** The mails so far, once those under way have arrived. */
async function mailsNow() {
  await shop.app.mailSettled();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return smtp.received.length;
}

async function mailsAfter(before: number, expected: number) {
  await shop.app.mailSettled();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(smtp.received.length - before).toBe(expected);
}

describe('the iDEAL bank selection', () => {
  it('lists the iDEAL banks', async () => {
    const banks = (await shopperOf(shop, newVisitor())<IdealBank[]>('GET', '/paymentStrategy/airwallexIdealBanks')).data;
    expect(banks.map((b) => b.name)).toEqual([
      'ABN AMRO',
      'ASN Bank',
      'bunq',
      'ING',
      'Knab',
      'Rabobank',
      'RegioBank',
      'Revolut',
      'SNS',
      'Triodos Bank',
      'Van Lanschot',
    ]);
    expect(banks.find((b) => b.name === 'ING')!.code).toBe('ing');
  });

  it('refuses iDEAL without a bank or with a bank not in the list (400 naming /bank), before any order is placed', async () => {
    const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR');
    const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
    const ordersBefore = (await shop.database.db.select({ id: orders.id }).from(orders)).length;
    for (const bank of [null, 'no_such_bank']) {
      const refused = await payByBank(call, checkout, 'ideal', bank);
      expect(refused.status, String(bank)).toBe(400);
      expect(refused.data).toMatchObject({ errors: [{ path: '/bank', rule: 'bank' }] });
      expect(refused.message).toMatch(/bank/);
    }
    expect((await shop.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    // Sofort (several countries, euros) needs no selection.
    const sofort = await payByBank(call, checkout, 'sofort', null);
    expect(sofort.status).toBe(200);
    expect(sofort.data).toMatchObject({ status: 'action', action: 'redirect' });
  });

  it('refuses (7005) a method that does not fit the destination or the currency, placing no order (issue 23)', async () => {
    const us = shopperOf(shop, newVisitor());
    const american = await readyCheckout(us, [{ skuId: shirt, quantity: 1 }]);
    const dutchInDollars = shopperOf(shop, newVisitor());
    const inDollars = await readyCheckout(dutchInDollars, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
    const nl = shopperOf(shop, newVisitor(), 'currencyCode=EUR');
    const dutch = await readyCheckout(nl, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
    const ordersBefore = (await shop.database.db.select({ id: orders.id }).from(orders)).length;
    for (const [call, checkout, method, bank] of [
      [us, american, 'ideal', 'ing'],
      [us, american, 'blik', null],
      [us, american, 'oxxo', null],
      [dutchInDollars, inDollars, 'ideal', 'ing'],
      [nl, dutch, 'bancontact', null],
    ] as const) {
      const refused = await payByBank(call, checkout, method, bank);
      expect(refused, method).toMatchObject({ code: 7005 });
    }
    expect((await shop.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
  });
});

describe("the bank's page", () => {
  it('shows the chosen bank and the amount; Authorise leaves the payment pending (bank) until the webhook', async () => {
    const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR&lang=nl');
    const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 2 }], { address: DUTCH_ADDRESS });
    const key = idempotencyKey();
    const paid = await payByBank(call, checkout, 'ideal', 'rabobank', key);
    expect(paid.data).toMatchObject({ status: 'action', action: 'redirect' });
    // The same key again is the same payment at the bank.
    expect((await payByBank(call, checkout, 'ideal', 'rabobank', key)).data).toEqual(paid.data);
    expect(paid.data.next).toMatch(/^http:\/\/localhost\/api\/payment-providers\/test-bank\/pay\/tb_[0-9a-f]{24}$/);
    const reference = referenceOf(paid.data);
    // Until the shopper answers at the bank the order waits on the bank page.
    const again = await call<PaymentOutcome>('GET', `/multicurrency/general/order/${paid.data.orderToken}/ckstatus`);
    expect(again.data).toMatchObject({ status: 'pending', payment: { status: 'action' } });

    const page = await shop.app.request(`/api/payment-providers/test-bank/pay/${reference}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Rabobank');
    expect(html).toContain('Testbank · iDEAL');
    expect(html).toMatch(/€\s?\d+,\d\d/);
    for (const label of ['Betaling autoriseren', 'Weigeren', 'Annuleren']) expect(html).toContain(`>${label}</button>`);

    const answered = await answerBank(shop, reference, 'authorise');
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`/payment/information?order=${paid.data.orderToken}`);
    const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: paid.data.orderToken });
    expect(back.data).toMatchObject({ status: 'pending', next: `/payment/pending?order=${paid.data.orderToken}` });
    expect(await paymentOf(reference)).toMatchObject({ status: 'pending', reason: 'bank', bank: 'rabobank' });
    // Answered: the page sends the shopper back to the shop; a second answer changes nothing.
    const later = await shop.app.request(`/api/payment-providers/test-bank/pay/${reference}`);
    expect(later.status).toBe(303);
    await answerBank(shop, reference, 'cancel');
    expect(await paymentOf(reference)).toMatchObject({ status: 'pending' });
    expect((await answerBank(shop, reference, 'nonsense')).status).toBe(400);
  });

  it('Cancel ends the payment at once (canceled by customer) and the order stays payable', async () => {
    const { back, call, checkout, orderToken } = await authorised('cancel', 'sofort', null);
    expect(back).toMatchObject({ status: 'canceled', next: `/payment/canceled?order=${orderToken}` });
    const card = await pay(call, checkout);
    expect(card.data).toMatchObject({ status: 'paid', orderToken });
  });
});

describe("the bank's webhook", () => {
  it('is refused when its signature is not genuine, stale, malformed, or its body is malformed; nothing changes', async () => {
    const { reference, call, orderToken } = await authorised();
    const mails = await mailsNow();
    const body = bankEvent(reference, 'payment.succeeded');
    const now = Date.now();
    const refusals: [string, Response][] = [
      [
        'tampered body',
        await sendBankWebhook(shop, body.replace('"}', '" }'), { header: signBankWebhook(TEST_BANK_SECRET, body) }),
      ],
      [
        'another reference',
        await sendBankWebhook(shop, bankEvent('tb_000000000000000000000000', 'payment.succeeded'), {
          header: signBankWebhook(TEST_BANK_SECRET, body),
        }),
      ],
      ['wrong secret', await sendBankWebhook(shop, body, { secret: 'whsec_someone_else' })],
      ['stale', await sendBankWebhook(shop, body, { t: now - 5 * 60_000 - 1000 })],
      ['from the future', await sendBankWebhook(shop, body, { t: now + 5 * 60_000 + 1000 })],
      ['no header', await sendBankWebhook(shop, body, { header: null })],
      ['malformed header', await sendBankWebhook(shop, body, { header: 'v1=abc,t=x' })],
      ['short signature', await sendBankWebhook(shop, body, { header: `t=${now},v1=${'ab'.repeat(16)}` })],
      ['not JSON (signed)', await sendBankWebhook(shop, '{"id":')],
      [
        'unknown type (signed)',
        await sendBankWebhook(shop, JSON.stringify({ id: 'evt_1', type: 'payment.refunded', reference })),
      ],
      ['no id (signed)', await sendBankWebhook(shop, JSON.stringify({ type: 'payment.succeeded', reference }))],
      ['a card code (signed)', await sendBankWebhook(shop, bankEvent(reference, 'payment.failed', undefined, 80001))],
    ];
    for (const [what, response] of refusals) {
      expect(response.status, what).toBe(400);
      expect(await response.json(), what).toMatchObject({ code: 400, message: 'The webhook could not be verified.' });
    }
    expect(await paymentOf(reference)).toMatchObject({ status: 'pending', reason: 'bank' });
    expect(await statusOf(call, orderToken)).toMatchObject({ status: 'pending', payment: { status: 'pending' } });
    await mailsAfter(mails, 0);
  });

  it('payment.succeeded pays the order: the pending page turns to thank-you, one mail; the same event again acts once', async () => {
    const { reference, call, orderToken } = await authorised();
    const mails = await mailsNow();
    const body = bankEvent(reference, 'payment.succeeded');
    const first = await sendBankWebhook(shop, body);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ data: { received: true } });
    expect(await statusOf(call, orderToken)).toMatchObject({
      status: 'paid',
      payment: { status: 'paid', next: `/thankyou/${orderToken}` },
    });
    // Delivered again (the bank did not see the answer), even signed anew: still one paid order, one mail.
    expect((await sendBankWebhook(shop, body)).status).toBe(200);
    expect((await sendBankWebhook(shop, body, { t: Date.now() + 1000 })).status).toBe(200);
    // The shopper's return afterwards finds it paid.
    const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });
    expect(back.data).toMatchObject({ status: 'paid', next: `/thankyou/${orderToken}` });
    await mailsAfter(mails, 1);
    expect(smtp.received.at(-1)!.to).toMatchObject({ text: 'bank@example.com' });
  });

  it('payment.failed fails the payment with 8007 and leaves the order payable again', async () => {
    const { reference, call, checkout, orderToken } = await authorised('decline');
    const mails = await mailsNow();
    expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.failed', undefined, 8007))).status).toBe(200);
    expect(await paymentOf(reference)).toMatchObject({ status: 'failed', declineCode: 8007 });
    const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });
    expect(back.data).toMatchObject({ status: 'failed', code: 8007, next: `/payment/failed?order=${orderToken}` });
    // A late success for the failed payment changes nothing.
    expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'))).status).toBe(200);
    expect(await statusOf(call, orderToken)).toMatchObject({ status: 'pending' });
    // Paid again, by another bank: the same order, paid once.
    const again = await payByBank(call, checkout, 'ideal', 'bunq');
    expect(again.data).toMatchObject({ orderToken, status: 'action' });
    const second = referenceOf(again.data);
    expect(second).not.toBe(reference);
    await answerBank(shop, second, 'authorise');
    await sendBankWebhook(shop, bankEvent(second, 'payment.succeeded'));
    expect(await statusOf(call, orderToken)).toMatchObject({ status: 'paid' });
    await mailsAfter(mails, 1);
  });

  it("settles only the test bank's own payments: its event naming another provider's payment changes nothing", async () => {
    // A card payment waiting for 3-D Secure: its reference is the card gateway's, not the bank's.
    const call = shopperOf(shop, newVisitor());
    const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const waiting = await pay(call, checkout, '4000 0027 6000 3184');
    expect(waiting.data).toMatchObject({ status: 'action', action: 'threeDs' });
    const [card] = await shop.database.db
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.token, waiting.data.orderToken));
    const forged = await sendBankWebhook(shop, bankEvent(card!.payments.providerReference!, 'payment.succeeded'));
    expect(forged.status).toBe(200);
    expect(await statusOf(call, waiting.data.orderToken)).toMatchObject({ status: 'pending', payment: { status: 'action' } });
  });

  it('an event whose settling failed on the way is not remembered: the retry of it settles the payment', async () => {
    const { reference, call, orderToken } = await authorised();
    // The database fails the settling statement once (a lost connection).
    const db = shop.database.db;
    let failures = 1;
    const flaky = new Proxy(db, {
      get(target, name) {
        if (name === 'execute' && failures > 0) {
          failures--;
          return async () => {
            throw new Error('connection lost');
          };
        }
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const body = bankEvent(reference, 'payment.succeeded');
    const { id } = JSON.parse(body) as { id: string };
    const event = { eventId: id, reference, result: { status: 'succeeded' as const, reference } };
    await expect(applyWebhook(flaky, { id: 'test-bank' } as Provider, event)).rejects.toThrow('connection lost');
    expect(await statusOf(call, orderToken)).toMatchObject({ status: 'pending' });
    // The bank sends the same event again: it acts.
    expect((await sendBankWebhook(shop, body)).status).toBe(200);
    expect(await statusOf(call, orderToken)).toMatchObject({ status: 'paid' });
  });

  it('a failed event without a code is 8007 (authorization failed)', async () => {
    const { reference } = await authorised('decline', 'sofort', null);
    await sendBankWebhook(shop, bankEvent(reference, 'payment.failed'));
    expect(await paymentOf(reference)).toMatchObject({ status: 'failed', declineCode: 8007 });
  });
});

describe('a voucher (OXXO)', () => {
  it('shows its number, amount and pay-by date; "I will pay at a store" leaves it pending for days; the webhook pays it', async () => {
    // OXXO works in Mexico, in pesos.
    const call = shopperOf(shop, newVisitor(), 'lang=es&currencyCode=MXN');
    const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: MEXICAN_ADDRESS });
    const paid = await payByBank(call, checkout, 'oxxo', null);
    expect(paid.data).toMatchObject({ status: 'action', action: 'redirect' });
    const reference = referenceOf(paid.data);
    const html = await (await shop.app.request(`/api/payment-providers/test-bank/pay/${reference}`)).text();
    expect(html).toContain('Tu cupón de pago');
    expect(html).toMatch(/id="voucher-number">\d{4} \d{4} \d{4} \d{4}</);
    expect(html).toContain('Pagar antes del');
    expect(html).toContain('>Pagaré en una tienda</button>');
    // A voucher has no bank to authorise.
    expect((await answerBank(shop, reference, 'authorise')).status).toBe(400);
    expect((await answerBank(shop, reference, 'voucher')).status).toBe(303);
    const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: paid.data.orderToken });
    expect(back.data).toMatchObject({ status: 'pending', next: `/payment/pending?order=${paid.data.orderToken}` });
    expect(await paymentOf(reference)).toMatchObject({ status: 'pending', reason: 'voucher' });
    // The order waits for the store's payment 72 hours: a day later it is still there, stock held.
    const status = await statusOf(call, paid.data.orderToken);
    expect(new Date(status.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 71.9 * 3600_000);
    expect(new Date(status.expiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + 72 * 3600_000);
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 3600_000));
    expect(await statusOf(call, paid.data.orderToken)).toMatchObject({ status: 'pending', payment: { status: 'pending' } });
    await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'));
    expect(await statusOf(call, paid.data.orderToken)).toMatchObject({ status: 'paid' });
  });
});

describe('the bank sends its own webhook', () => {
  let own: TestShop;
  beforeAll(async () => {
    own = await createTestShop('pglite', { testPayments: { bankWebhookAfterMs: 50, bankWebhookSecret: 'whsec_own' } });
  });
  afterAll(() => own?.close());

  it('after the shopper authorised (paid) or declined (failed, 8007), signed with its secret', async () => {
    const outcomes: Record<string, OrderStatus> = {};
    for (const answer of ['authorise', 'decline']) {
      const call = shopperOf(own, newVisitor(), 'currencyCode=EUR');
      const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: GERMAN_ADDRESS });
      const paid = await payByBank(call, checkout, 'giropay', null);
      await answerBank(own, referenceOf(paid.data), answer);
      await expect
        .poll(async () => (await statusOf(call, paid.data.orderToken)).payment?.status, { timeout: 3000 })
        .toBe(answer === 'authorise' ? 'paid' : 'failed');
      outcomes[answer] = await statusOf(call, paid.data.orderToken);
    }
    expect(outcomes.authorise).toMatchObject({ status: 'paid' });
    expect(outcomes.decline).toMatchObject({ status: 'pending', payment: { status: 'failed', code: 8007 } });
    expect(own.logs.filter((l) => /webhook/.test(l))).toEqual([]);
  });
});
