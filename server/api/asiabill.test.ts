// AsiaBill (simulated hosted fields): a session for the checkout, the card sent to AsiaBill's own
// endpoint with it, confirmCharge charging that card once per idempotency key; a browser that lost an
// answer and sends the three calls again getting the same session, card and charge; 3-D Secure on AsiaBill's
// page with the return and AsiaBill's signed notification settling the order once; a notification not
// signed by AsiaBill refused; money taken for an order that expired meanwhile given back; bad input
// refused with the specification's codes.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsiabillCard, AsiabillSession, OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { queryRows } from '../db/connect';
import { skus } from '../db/catalog-schema';
import { testGatewayPayments } from '../db/payment-schema';
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

/** What the checkout's browser does again when an answer was lost: asks for the session, sends the card. */
async function sessionAndCardAgain(c: { call: Call; checkoutToken: string }, number = APPROVED) {
  const session = await c.call<AsiabillSession>('POST', '/asiabill/sessionToken', { checkoutToken: c.checkoutToken });
  const tokenized = await c.call<AsiabillCard>('POST', session.data.fieldsUrl.replace(/^\/api/, ''), card(number));
  expect(tokenized.status).toBe(201);
  return { ...c, session, sessionToken: session.data.sessionToken, paymentMethodId: tokenized.data.paymentMethodId };
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
/** The payments the shop recorded for the checkout's order, and the charges AsiaBill made for them. */
async function chargesOf(checkoutToken: string) {
  const [row] = await queryRows<{ payments: number; charges: number }>(
    shop.database.db,
    sql`select count(*)::int as payments, count(g.reference)::int as charges
          from payments p join orders o on o.id = p.order_id join checkouts k on k.id = o.checkout_id
          left join test_gateway_payments g on g.reference = p.provider_reference and g.provider = 'asiabill'
         where k.token = ${checkoutToken}`,
  );
  return row!;
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

  it('a browser that lost the charge’s answer sends the three calls again: the same session and card, the charge answered again, taken once', async () => {
    const c = await withCard();
    const key = idempotencyKey();
    const first = await charge(c, key);
    expect(first.data.status).toBe('paid');
    // The answer never reached the browser: it asks for the session again, sends the card again, and
    // confirms with the key of the attempt whose answer it is missing.
    const again = await sessionAndCardAgain(c);
    expect(again.session.status).toBe(200);
    expect(again.sessionToken).toBe(c.sessionToken);
    expect(again.paymentMethodId).toBe(c.paymentMethodId);
    const replayed = await charge(again, key);
    expect(replayed.status).toBe(200);
    expect(replayed.data).toEqual(first.data);
    expect(await chargesOf(c.checkoutToken)).toEqual({ payments: 1, charges: 1 });
    const reference = (await latestPaymentOf(shop, first.data.orderToken)).providerReference!;
    expect(await gatewayRecord(shop, reference)).toMatchObject({ status: 'succeeded', refunded: 0 });
  });

  it('answers a declined charge sent again with its decline; the next attempt pays with another card in the same session', async () => {
    const c = await withCard(DECLINED);
    const key = idempotencyKey();
    const declined = await charge(c, key);
    expect(declined.code).toBe(errorCodes.issuerRefused);
    const again = await sessionAndCardAgain(c, DECLINED);
    expect([again.sessionToken, again.paymentMethodId]).toEqual([c.sessionToken, c.paymentMethodId]);
    expect(await charge(again, key)).toMatchObject({ status: declined.status, code: errorCodes.issuerRefused });
    // The shopper tries another card: a new attempt, a new key, the session's card replaced.
    const other = await sessionAndCardAgain(c);
    expect(other.sessionToken).toBe(c.sessionToken);
    expect(other.paymentMethodId).not.toBe(c.paymentMethodId);
    expect((await charge(other)).data.status).toBe('paid');
    expect(await chargesOf(c.checkoutToken)).toEqual({ payments: 2, charges: 2 });
  });

  it('answers the checkout’s open session to a session asked again, or twice at once', async () => {
    const call = shopperOf(shop, newVisitor());
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { email: 'asiabill@example.com' });
    const ask = () => call<AsiabillSession>('POST', '/asiabill/sessionToken', { checkoutToken });
    const [a, b] = await Promise.all([ask(), ask()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(b.data.sessionToken).toBe(a.data.sessionToken);
    const later = await ask();
    expect(later).toMatchObject({ status: 200, data: { sessionToken: a.data.sessionToken, fieldsUrl: a.data.fieldsUrl } });
    // Another checkout has a session of its own.
    const other = await withCard();
    expect(other.sessionToken).not.toBe(a.data.sessionToken);
  });

  it('opens an expired session anew without its card: the old card no longer pays', async () => {
    const c = await withCard();
    await shop.database.db
      .update(testGatewayPayments)
      .set({ data: sql`${testGatewayPayments.data} || jsonb_build_object('expiresAt', ${Date.now() - 1000}::bigint)` })
      .where(eq(testGatewayPayments.reference, c.sessionToken));
    expect((await charge(c)).status).toBe(400);
    const reopened = await c.call<AsiabillSession>('POST', '/asiabill/sessionToken', { checkoutToken: c.checkoutToken });
    expect(reopened.status).toBe(201);
    expect(new Date(reopened.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect((await charge({ ...c, sessionToken: reopened.data.sessionToken })).code).toBe(errorCodes.paymentMethodError);
    const again = await sessionAndCardAgain(c);
    expect(again.paymentMethodId).not.toBe(c.paymentMethodId);
    expect((await charge(again)).data.status).toBe('paid');
  });

  it('refuses the key of a charge sent with another request (another card, another checkout) with 409, charging nothing', async () => {
    const c = await withCard(DECLINED);
    const key = idempotencyKey();
    expect((await charge(c, key)).code).toBe(errorCodes.issuerRefused);
    const otherCard = await sessionAndCardAgain(c);
    const refused = await charge(otherCard, key);
    expect(refused).toMatchObject({ status: 409, code: errorCodes.conflict });
    expect(refused.data).toMatchObject({ errors: [{ path: '/idempotencyKey', rule: 'idempotencyKeyReused' }] });
    const otherCheckout = await withCard();
    expect(await charge(otherCheckout, key)).toMatchObject({ status: 409, code: errorCodes.conflict });
    expect(await chargesOf(c.checkoutToken)).toEqual({ payments: 1, charges: 1 });
    expect(await chargesOf(otherCheckout.checkoutToken)).toEqual({ payments: 0, charges: 0 });
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
