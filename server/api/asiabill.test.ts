// AsiaBill (simulated hosted fields): a session for the checkout, the card sent to AsiaBill's own
// endpoint with it, confirmCharge charging that card once per idempotency key; 3-D Secure on AsiaBill's
// page with the return and AsiaBill's signed notification settling the order once; a notification not
// signed by AsiaBill refused; money taken for an order that expired meanwhile given back; bad input
// refused with the specification's codes.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsiabillCard, AsiabillSession, OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import { ASIABILL_SIGNATURE, asiabillNotice } from '../payments/simulated/asiabill/provider';
import { signBankWebhook } from '../payments/simulated/bank/signature';
import { TEST_BANK_SECRET } from '../../test-support/server/bank';
import { APPROVED, idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { gatewayRecord, latestPaymentOf } from '../../test-support/server/gateway';
import { answerPage, secretOf, sendNotice } from '../../test-support/server/hosted';
import { captureSmtp, mailerTo, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const THREE_DS = '4000 0027 6000 3184';
const DECLINED = '4000 0000 0000 0002';

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
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Ada Lovelace' });

/** A checkout, its hosted-fields session and the card its fields tokenized. */
async function withCard(number = APPROVED) {
  const call = shopperOf(shop, newVisitor());
  const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { email: 'asiabill@example.com' });
  const session = await call<AsiabillSession>('POST', '/asiabill/sessionToken', { checkoutToken });
  expect(session.status).toBe(201);
  const tokenized = await call<AsiabillCard>('POST', session.data.fieldsUrl.replace(/^\/api/, ''), card(number));
  expect(tokenized.status).toBe(201);
  return { call, checkoutToken, sessionToken: session.data.sessionToken, paymentMethodId: tokenized.data.paymentMethodId };
}

type Charged = Awaited<ReturnType<typeof withCard>>;
const charge = (c: Charged, key = idempotencyKey(), changes: Record<string, unknown> = {}) =>
  c.call<PaymentOutcome>('POST', '/asiabill/confirmCharge', {
    checkoutToken: c.checkoutToken,
    sessionToken: c.sessionToken,
    paymentMethodId: c.paymentMethodId,
    paymentMethodCode: 'asiabill-card',
    idempotencyKey: key,
    ...changes,
  });

function notify(reference: string, secret = secretOf('asiabill')) {
  const body = asiabillNotice(`evt_${randomBytes(8).toString('hex')}`, reference);
  return sendNotice(shop, 'asiabill', body, {
    'Content-Type': 'application/json',
    [ASIABILL_SIGNATURE]: signBankWebhook(secret, body),
  });
}
const orderStatus = async (call: Call, orderToken: string) =>
  (await call<OrderStatus>('GET', `/multicurrency/general/order/${orderToken}/ckstatus`)).data.status;
async function mailsNow() {
  await shop.app.mailSettled();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return smtp.received.length;
}

describe('AsiaBill hosted fields', () => {
  it('charges the card of the session: paid at once, brand and last four kept, never the number', async () => {
    const c = await withCard();
    const paid = await charge(c);
    expect(paid.data).toMatchObject({ status: 'paid', next: `/thankyou/${paid.data.orderToken}` });
    const payment = await latestPaymentOf(shop, paid.data.orderToken);
    expect(payment).toMatchObject({ method: 'asiabill-card', cardLast4: '4242', status: 'succeeded' });
    expect(payment.providerReference).toMatch(/^ab_[0-9a-f]{24}$/);
  });

  it('answers the same charge to the same key, charging once, even sent at once', async () => {
    const c = await withCard();
    const key = idempotencyKey();
    const [a, b] = await Promise.all([charge(c, key), charge(c, key)]);
    expect(a.data).toEqual(b.data);
    expect((await charge(c, key)).data).toEqual(a.data);
    const reference = (await latestPaymentOf(shop, a.data.orderToken)).providerReference!;
    expect(await gatewayRecord(shop, reference)).toMatchObject({ status: 'succeeded', refunded: 0 });
  });

  it('3-D Secure on AsiaBill’s page: the return and the signed notification settle the order once, one mail', async () => {
    const c = await withCard(THREE_DS);
    const started = await charge(c);
    expect(started.data).toMatchObject({ status: 'action', action: 'threeDs' });
    const { orderToken } = started.data;
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    expect(started.data.next).toContain(`/api/payment-providers/asiabill/3ds/${reference}`);
    expect((await answerPage(shop, 'asiabill', reference, 'pass', '3ds')).status).toBe(303);
    const mails = await mailsNow();
    const [back, noticed] = await Promise.all([
      c.call<PaymentOutcome>('POST', '/paymentStrategy/threeDs', { orderToken }),
      notify(reference),
    ]);
    expect(noticed.status).toBe(200);
    expect(back.data.status).toBe('paid');
    expect((await notify(reference)).status).toBe(200);
    expect((await mailsNow()) - mails).toBe(1);
    expect(await orderStatus(c.call, orderToken)).toBe('paid');
  });

  it('refuses a notification not signed by AsiaBill; nothing changes', async () => {
    const c = await withCard(THREE_DS);
    const { orderToken } = (await charge(c)).data;
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    await answerPage(shop, 'asiabill', reference, 'pass', '3ds');
    expect((await notify(reference, 'whsec_not_asiabill')).status).toBe(400);
    const body = asiabillNotice('evt_1', reference);
    const stale = signBankWebhook(secretOf('asiabill'), body, Date.now() - 10 * 60_000);
    expect((await sendNotice(shop, 'asiabill', body, { [ASIABILL_SIGNATURE]: stale })).status).toBe(400);
    expect((await sendNotice(shop, 'asiabill', body, {})).status).toBe(400);
    expect(await orderStatus(c.call, orderToken)).toBe('pending');
  });

  it('gives back, once, money taken after 3-D Secure for an order that expired meanwhile', async () => {
    const c = await withCard(THREE_DS);
    const { orderToken } = (await charge(c)).data;
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    // The challenge is passed in a tab the shop no longer waits for.
    await answerPage(shop, 'asiabill', reference, 'pass', '3ds');
    await shop.app.commerce.orders.expireUnpaid(new Date(Date.now() + 24 * 3600_000));
    await Promise.all([notify(reference), c.call('POST', '/paymentStrategy/threeDs', { orderToken })]);
    const record = await gatewayRecord(shop, reference);
    expect(record).toMatchObject({ refunded: record.amount, kept: 0 });
    expect(Object.keys(record.refunds)).toHaveLength(1);
    expect(await orderStatus(c.call, orderToken)).toBe('expired');
  });

  it('refuses bad input with the specification codes', async () => {
    const c = await withCard();
    const other = await withCard();
    // A decline answers its code and leaves the checkout payable.
    const declined = await withCard(DECLINED);
    expect((await charge(declined)).code).toBe(errorCodes.issuerRefused);
    expect((await charge(c, idempotencyKey(), { paymentMethodCode: 'card' })).code).toBe(errorCodes.paymentChannelNotSupported);
    const foreign = await charge(c, idempotencyKey(), { sessionToken: other.sessionToken });
    expect(foreign.status).toBe(400);
    expect((await charge(c, idempotencyKey(), { paymentMethodId: other.paymentMethodId })).code).toBe(
      errorCodes.paymentMethodError,
    );
    expect((await charge(c, idempotencyKey(), { sessionToken: `abs_${'0'.repeat(24)}` })).status).toBe(400);
    expect((await charge(c, idempotencyKey(), { cardNumber: APPROVED })).status).toBe(400);
    expect((await c.call('POST', '/asiabill/sessionToken', { checkoutToken: 'f'.repeat(32) })).code).toBe(
      errorCodes.tokenNotFound,
    );
    const badCard = await c.call(
      'POST',
      `/payment-providers/asiabill/sessions/${c.sessionToken}/card`,
      card('4242 4242 4242 4241'),
    );
    expect(badCard.status).toBe(400);
    const noSession = await c.call('POST', `/payment-providers/asiabill/sessions/abs_${'0'.repeat(24)}/card`, card(APPROVED));
    expect(noSession.status).toBe(400);
    const unsigned = await shop.app.request('/api/asiabill/sessionToken', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkoutToken: c.checkoutToken }),
    });
    expect(((await unsigned.json()) as { code: number }).code).toBe(errorCodes.invalidPaymentRequest);
    // None of that placed a charge: the card of the session still pays.
    expect((await charge(c)).data.status).toBe('paid');
  });
});
