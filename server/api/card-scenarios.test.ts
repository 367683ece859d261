// The test card's outcomes beyond approved and declined (spec section 4), over the API as a shopper's
// browser goes through them: 3-D Secure (the issuer's page, passed or failed, then the shop's return
// page confirms), processing and waiting for authorization (settled when asked again), and the result
// each leads to. The confirmation mail goes out once, whichever call settles the order.
import { firstSku } from '../../test-support/server/skus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const THREE_DS = '4000 0027 6000 3184';
const PROCESSING = '4000 0025 0000 0003';
const AUTHORIZATION = '4000 0082 6000 0000';

let shop: TestShop;
let skuId: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite', { testPayments: { settleAfterMs: 300 } });
  skuId = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(() => shop?.close());

async function started(number: string): Promise<{ call: Call; outcome: PaymentOutcome }> {
  const call = shopperOf(shop, newVisitor());
  const token = await readyCheckout(call, [{ skuId, quantity: 1 }]);
  const answer = await pay(call, token, number);
  expect(answer.status).toBe(200);
  return { call, outcome: answer.data };
}

/** The issuer's page answered as the shopper would: its form posted, its redirect followed back. */
async function answerChallenge(url: string, answer: 'pass' | 'fail'): Promise<string> {
  const path = new URL(url).pathname;
  const page = await shop.app.request(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Complete authentication');
  expect(html).toContain('3184');
  const posted = await shop.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `answer=${answer}`,
  });
  expect(posted.status).toBe(303);
  return posted.headers.get('location')!;
}

describe('3-D Secure', () => {
  it('sends the shopper to the issuer; passing it pays the order once', async () => {
    const { call, outcome } = await started(THREE_DS);
    expect(outcome).toMatchObject({ status: 'action', action: 'threeDs' });
    expect(outcome.next).toMatch(/\/api\/payment-providers\/test-card\/3ds\/tc_[0-9a-f]+$/);
    const back = await answerChallenge(outcome.next, 'pass');
    expect(back).toBe(`/payment/information?order=${outcome.orderToken}`);
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/threeDs', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'paid', next: `/thankyou/${outcome.orderToken}` });
    // Asked again (a reload of the return page): the same answer, nothing changes.
    const again = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(again.data.status).toBe('paid');
    // The issuer's page of a settled payment sends the shopper back instead of asking again.
    expect((await shop.app.request(new URL(outcome.next).pathname)).status).toBe(303);
  });

  it('failing it fails the payment with 80003, and the order can be paid with another card', async () => {
    const { call, outcome } = await started(THREE_DS);
    await answerChallenge(outcome.next, 'fail');
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'failed', code: 80003, next: `/payment/failed?order=${outcome.orderToken}` });
    const status = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    expect(status.data).toMatchObject({ status: 'pending', payment: { status: 'failed', code: 80003 } });
    const checkoutToken = status.data.checkoutToken!;
    expect(checkoutToken).toMatch(/^[0-9a-f]{32}$/);
    const retried = await pay(call, checkoutToken);
    expect(retried.data).toMatchObject({ status: 'paid', orderToken: outcome.orderToken });
  });

  it('threeDs is refused for a payment that waits for nothing of the kind', async () => {
    const { call, outcome } = await started(PROCESSING);
    expect(await call('POST', '/paymentStrategy/threeDs', { orderToken: outcome.orderToken })).toMatchObject({ code: 7007 });
  });
});

describe('processing and waiting for authorization', () => {
  it.each([
    [PROCESSING, 'processing'],
    [AUTHORIZATION, 'authorization'],
  ] as const)('%s waits on /payment/%s, then is paid when asked again', async (number, state) => {
    const { call, outcome } = await started(number);
    expect(outcome).toMatchObject({ status: state, next: `/payment/${state}?order=${outcome.orderToken}` });
    const waiting = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    expect(waiting.data).toMatchObject({ status: 'pending', payment: { status: state } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const settled = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    expect(settled.data).toMatchObject({ status: 'paid', payment: { status: 'paid', next: `/thankyou/${outcome.orderToken}` } });
  });
});

describe('the calls after a payment', () => {
  it('answer 7006 for an order that does not exist', async () => {
    const call = shopperOf(shop, newVisitor());
    expect(await call('POST', '/paymentStrategy/confirm', { orderToken: '0'.repeat(32) })).toMatchObject({
      status: 404,
      code: 7006,
    });
  });

  it('cancel ends a waiting payment; the order stays payable', async () => {
    const { call, outcome } = await started(THREE_DS);
    const canceled = await call<PaymentOutcome>('POST', '/paymentStrategy/cancel', { orderToken: outcome.orderToken });
    expect(canceled.data).toMatchObject({ status: 'canceled', next: `/payment/canceled?order=${outcome.orderToken}` });
    // The issuer's page is no longer a way to pay it: it sends the shopper back.
    const page = await shop.app.request(new URL(outcome.next).pathname);
    expect(page.status).toBe(303);
    const status = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    expect(status.data).toMatchObject({ status: 'pending', payment: { status: 'canceled' } });
  });

  it('failure records a code of spec section 8 and refuses any other', async () => {
    const { call, outcome } = await started(THREE_DS);
    expect(await call('POST', '/paymentStrategy/failure', { orderToken: outcome.orderToken, code: 5003 })).toMatchObject({
      status: 400,
    });
    const failed = await call<PaymentOutcome>('POST', '/paymentStrategy/failure', { orderToken: outcome.orderToken, code: 8004 });
    expect(failed.data).toMatchObject({ status: 'failed', code: 8004 });
  });

  it('getOceanOrderHandle finds the order of a provider reference', async () => {
    const { call, outcome } = await started(THREE_DS);
    const reference = /3ds\/(tc_[0-9a-f]+)$/.exec(outcome.next)![1]!;
    const found = await call<PaymentOutcome>('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: reference });
    expect(found.data).toMatchObject({ orderToken: outcome.orderToken, status: 'action' });
    expect(await call('POST', '/paymentStrategy/getOceanOrderHandle', { channelOrderId: 'tc_000000000000' })).toMatchObject({
      code: 7006,
    });
  });
});

describe('paying again after a failure', () => {
  it('pays the same order when the checkout is saved again unchanged (as the payment step does)', async () => {
    const { call, outcome } = await started(THREE_DS);
    await answerChallenge(outcome.next, 'fail');
    await call('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    const status = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    const checkoutToken = status.data.checkoutToken!;
    const checkout = await call<{ shippingAddress: unknown }>('GET', `/multicurrency/general/checkout/${checkoutToken}`);
    expect(
      await call('POST', '/multicurrency/asyncPayInfoSave', {
        token: checkoutToken,
        shippingAddress: checkout.data.shippingAddress,
        asShippingAddress: true,
      }),
    ).toMatchObject({ status: 200 });
    const retried = await pay(call, checkoutToken);
    expect(retried.data).toMatchObject({ status: 'paid', orderToken: outcome.orderToken });
  });
});
