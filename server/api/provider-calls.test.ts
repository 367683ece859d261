// The providers' own calls (spec section 7) beyond paying through their pages (hosted-providers.test.ts):
// what each refuses with the specification's codes, Payssion's createTransactionSign and Oceanpayment's
// sign (the redirect's signed fields, which the provider's entry takes), Oceanpayment's sign-check, the
// one-page checkout's nextHandle (a page of this shop, never another site; one key, one nextHandle) and getOceanOrderHandle
// sending a paid shopper there, and the iDEAL banks of Airwallex.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdealBank, OceanCheckout, OceanSignCheck, PaymentOutcome, ProviderForm } from '../../schemas/generated/api';
import { errorCodes } from '../../schemas/generated/error-codes';
import { skus } from '../db/catalog-schema';
import { paymentMethods } from '../db/payment-schema';
import type { OceanpaymentProvider } from '../payments/simulated/hosted/oceanpayment';
import { oceanResult } from '../payments/simulated/hosted/oceanpayment';
import { TEST_BANK_SECRET } from '../../test-support/server/bank';
import { idempotencyKey, pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { latestPaymentOf } from '../../test-support/server/gateway';
import { answerPage, hostedRecord } from '../../test-support/server/hosted';
import { firstSku } from '../../test-support/server/skus';
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite', {
    cacheTtlMs: 0,
    testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET },
  });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  await shop.database.db.update(skus).set({ stock: 100_000 }).where(eq(skus.id, shirt));
});
afterAll(() => shop?.close());

async function ready() {
  const call = shopperOf(shop, newVisitor());
  return { call, checkoutToken: await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]) };
}
const onePage = (call: Call, checkoutToken: string, query = '', body: Record<string, unknown> = {}) =>
  call<OceanCheckout>('POST', `/oceanpayment/one-page-checkout/${checkoutToken}/${query}`, {
    paymentMethodCode: 'oceanpayment',
    idempotencyKey: idempotencyKey(),
    ...body,
  });
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('POST api/pacypay/create-order', () => {
  it('refuses bad input with the specification codes, placing no order', async () => {
    const { call, checkoutToken } = await ready();
    const body = { checkoutToken, paymentMethodCode: 'pacypay' };
    // A new key each: a key names one request (409 for another body).
    const fresh = (changes: Record<string, unknown> = {}) => ({ ...body, idempotencyKey: idempotencyKey(), ...changes });
    expect((await call('POST', '/pacypay/create-order', fresh({ paymentMethodCode: 'card' }))).code).toBe(
      errorCodes.paymentChannelNotSupported,
    );
    expect((await call('POST', '/pacypay/create-order', fresh({ checkoutToken: 'f'.repeat(32) }))).code).toBe(
      errorCodes.tokenNotFound,
    );
    expect((await call('POST', '/pacypay/create-order', fresh({ amount: 1 }))).status).toBe(400);
    expect((await call('POST', '/pacypay/create-order', { checkoutToken, paymentMethodCode: 'pacypay' })).status).toBe(400);
    const unsigned = await shop.app.request('/api/pacypay/create-order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fresh()),
    });
    expect(((await unsigned.json()) as { code: number }).code).toBe(errorCodes.invalidPaymentRequest);
    // Nothing was placed: the checkout is paid afterwards with the card as if untouched.
    expect((await pay(call, checkoutToken)).data.status).toBe('paid');
  });
});

describe('POST api/payssion/createTransactionSign and api/oceanpayment/sign', () => {
  it("answer the waiting payment's signed fields, which the provider's entry takes as they are", async () => {
    for (const [method, call, provider] of [
      ['payssion', '/payssion/createTransactionSign', 'payssion'],
      ['oceanpayment', '/oceanpayment/sign', 'oceanpayment'],
    ] as const) {
      const shopper = await ready();
      const placed = await shopper.call<PaymentOutcome>('POST', '/payment/create-order', {
        checkoutToken: shopper.checkoutToken,
        paymentMethodCode: method,
        idempotencyKey: idempotencyKey(),
      });
      const signed = await shopper.call<ProviderForm>('POST', call, { orderToken: placed.data.orderToken });
      expect(signed.status).toBe(200);
      // The same fields the shopper was sent with.
      expect(`${signed.data.action}?${new URLSearchParams(signed.data.fields).toString()}`).toBe(pathOf(placed.data.next));
      const posted = await shop.app.request(signed.data.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed.data.fields).toString(),
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toMatch(new RegExp(`^/api/payment-providers/${provider}/pay/`));
      const forged = { ...signed.data.fields, [method === 'payssion' ? 'api_sig' : 'signValue']: '0'.repeat(64) };
      const refused = await shop.app.request(signed.data.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(forged).toString(),
      });
      expect(refused.status).toBe(400);
      // Paid, there is nothing left to sign (7002); an order of another method has no such payment (7007).
      await answerPage(shop, provider, (await latestPaymentOf(shop, placed.data.orderToken)).providerReference!, 'pay');
      await shopper.call('POST', '/paymentStrategy/confirm', { orderToken: placed.data.orderToken });
      expect((await shopper.call('POST', call, { orderToken: placed.data.orderToken })).code).toBe(
        errorCodes.orderAlreadySettled,
      );
      const other = await ready();
      const carded = await pay(other.call, other.checkoutToken, '4000 0027 6000 3184');
      expect((await other.call('POST', call, { orderToken: carded.data.orderToken })).code).toBe(errorCodes.paymentMethodError);
      expect((await other.call('POST', call, { orderToken: 'a'.repeat(32) })).code).toBe(errorCodes.paymentOrderMissing);
      expect((await other.call('POST', call, { orderToken: 'a'.repeat(32), extra: 1 })).status).toBe(400);
    }
  });
});

describe('Oceanpayment: sign-check, the one-page checkout and getOceanOrderHandle', () => {
  it("sign-check takes Oceanpayment's signature of a result and refuses any other (8012)", async () => {
    const { call, checkoutToken } = await ready();
    const placed = await onePage(call, checkoutToken);
    const reference = (await latestPaymentOf(shop, placed.data.outcome.orderToken)).providerReference!;
    const ocean = shop.app.payments.provider('oceanpayment') as OceanpaymentProvider;
    const result = oceanResult(ocean.secureCode, await hostedRecord(shop, 'oceanpayment', reference), true, 'pay_1');
    expect((await call<OceanSignCheck>('POST', '/oceanpayment/sign-check', result)).data).toEqual({
      valid: true,
      channelOrderId: reference,
      paid: true,
    });
    const changed = await call('POST', '/oceanpayment/sign-check', { ...result, order_amount: '0.01' });
    expect(changed.code).toBe(errorCodes.invalidPaymentRequest);
    const forged = await call('POST', '/oceanpayment/sign-check', { ...result, signValue: 'A'.repeat(64) });
    expect(forged.code).toBe(errorCodes.invalidPaymentRequest);
    expect((await call('POST', '/oceanpayment/sign-check', { ...result, payment_status: '2' })).status).toBe(400);
  });

  it('keeps nextHandle, a page of this shop: paid, getOceanOrderHandle sends the shopper there with the order', async () => {
    const { call, checkoutToken } = await ready();
    const placed = await onePage(call, checkoutToken, `?nextHandle=${encodeURIComponent('/funnel/summer-linen?pageId=upsell')}`);
    expect(placed.status).toBe(200);
    expect(placed.data.outcome).toMatchObject({ status: 'action', action: 'redirect' });
    expect(placed.data.form!.fields.signValue).toMatch(/^[0-9a-f]{64}$/);
    const { orderToken } = placed.data.outcome;
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    // Before paying: the order and the provider's page again.
    expect(
      (await call<PaymentOutcome>('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: reference })).data,
    ).toMatchObject({
      status: 'action',
      orderToken,
    });
    await answerPage(shop, 'oceanpayment', reference, 'pay');
    // Back with only its reference: the provider is asked, the order is paid, the next page is the handle's.
    const handled = await call<PaymentOutcome>('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: reference });
    expect(handled.data).toMatchObject({ status: 'paid', next: `/funnel/summer-linen?pageId=upsell&order=${orderToken}` });

    const other = await ready();
    const byHandle = await onePage(other.call, other.checkoutToken, '?nextHandle=thank-you-offer');
    const otherReference = (await latestPaymentOf(shop, byHandle.data.outcome.orderToken)).providerReference!;
    await answerPage(shop, 'oceanpayment', otherReference, 'pay');
    expect(
      (await other.call<PaymentOutcome>('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: otherReference })).data
        .next,
    ).toBe(`/pages/thank-you-offer?order=${byHandle.data.outcome.orderToken}`);
  });

  it('refuses the key of a one-page checkout sent again with another nextHandle or for another checkout (409); a new key takes the new nextHandle', async () => {
    const { call, checkoutToken } = await ready();
    const key = idempotencyKey();
    const first = await onePage(call, checkoutToken, '?nextHandle=thank-you-offer', { idempotencyKey: key });
    expect(first.status).toBe(200);
    // The same request again: the same answer.
    expect((await onePage(call, checkoutToken, '?nextHandle=thank-you-offer', { idempotencyKey: key })).data).toEqual(first.data);
    // The same key asking for another destination, or none, or for another checkout: another request.
    for (const [token, query] of [
      [checkoutToken, `?nextHandle=${encodeURIComponent('/funnel/summer-linen?pageId=upsell')}`],
      [checkoutToken, ''],
      [(await ready()).checkoutToken, '?nextHandle=thank-you-offer'],
    ] as const) {
      const refused = await onePage(call, token, query, { idempotencyKey: key });
      expect(refused, query).toMatchObject({ status: 409, code: errorCodes.conflict });
      expect(refused.data).toMatchObject({ errors: [{ path: '/idempotencyKey', rule: 'idempotencyKeyReused' }] });
    }
    const { orderToken } = first.data.outcome;
    // A new key with the new destination: the waiting order is paid through a new payment that keeps it.
    const second = await onePage(call, checkoutToken, '?nextHandle=summer-sale');
    expect(second.data.outcome).toMatchObject({ status: 'action', orderToken });
    const reference = (await latestPaymentOf(shop, orderToken)).providerReference!;
    await answerPage(shop, 'oceanpayment', reference, 'pay');
    const handled = await call<PaymentOutcome>('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: reference });
    expect(handled.data).toMatchObject({ status: 'paid', next: `/pages/summer-sale?order=${orderToken}` });
  });

  it('refuses a nextHandle that could leave the shop, and other bad input, placing no order', async () => {
    const { call, checkoutToken } = await ready();
    for (const next of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a b',
      'Bad_Handle',
    ])
      expect((await onePage(call, checkoutToken, `?nextHandle=${encodeURIComponent(next)}`)).status, next).toBe(400);
    expect((await onePage(call, checkoutToken, '', { paymentMethodCode: 'card' })).code).toBe(
      errorCodes.paymentChannelNotSupported,
    );
    expect((await onePage(call, 'f'.repeat(32))).code).toBe(errorCodes.tokenNotFound);
    expect((await onePage(call, 'not-a-token')).code).toBe(errorCodes.tokenNotFound);
    expect((await onePage(call, checkoutToken, '', { total: 1 })).status).toBe(400);
    expect((await pay(call, checkoutToken)).data.status).toBe('paid');
    // Paid already: 7002.
    expect((await onePage(call, checkoutToken)).code).toBe(errorCodes.orderAlreadySettled);
  });
});

describe('GET /api/paymentStrategy/airwallexIdealBanks', () => {
  it('lists the banks an Airwallex iDEAL payment names; one naming none or another is refused on /bank', async () => {
    await shop.database.db.update(paymentMethods).set({ enabled: true }).where(eq(paymentMethods.code, 'airwallex-ideal'));
    const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR');
    const banks = (await call<IdealBank[]>('GET', '/paymentStrategy/airwallexIdealBanks')).data;
    expect(banks.map((b) => b.code)).toContain('ing');
    const checkoutToken = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
    const body = { checkoutToken, paymentMethodCode: 'airwallex-ideal' };
    for (const bank of [undefined, 'not_a_bank']) {
      const refused = await call<{ errors: { path: string }[] }>('POST', '/paymentStrategy', {
        ...body,
        idempotencyKey: idempotencyKey(),
        ...(bank ? { bank } : {}),
      });
      expect(refused.status).toBe(400);
      expect(refused.data.errors[0]!.path).toBe('/bank');
    }
    const paid = await call<PaymentOutcome>('POST', '/paymentStrategy', {
      ...body,
      idempotencyKey: idempotencyKey(),
      bank: banks[0]!.code,
    });
    expect(paid.data).toMatchObject({ status: 'action', action: 'redirect' });
    const page = await shop.app.request(pathOf(paid.data.next));
    expect(await page.text()).toContain(banks[0]!.name);
  });
});
