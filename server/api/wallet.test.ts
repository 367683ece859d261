// The test wallet (issue 9): PayPal-style redirect to the wallet's own approval page and every answer it
// offers (approve, without a phone number, confirm shipping in the shop, cancel, reject), and express
// checkout: the wallet's address priced by POST /api/paymentStrategy/{paymentMethod}/shippingInfo and a
// Google Pay / Apple Pay sheet payment approved by the wallet's token.
import { firstSku } from '../../test-support/server/skus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Order, PaymentOutcome, ShippingOption } from '../../schemas/generated/api';
import { WALLET_ACCOUNT_ADDRESS, WALLET_ACCOUNT_EMAIL } from '../payments/simulated/wallet/account';
import { idempotencyKey, pay, readyCheckout, shopperOf, TEST_ADDRESS, type Call } from '../../test-support/server/buyer';
import { captureSmtp, mailerTo, recipients, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { createTestShop, PUBLIC_URL, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let smtp: SmtpCapture;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  smtp = await captureSmtp();
  shop = await createTestShop('pglite', {}, { mailer: mailerTo(smtp) });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

/** Pays a ready checkout with PayPal: the answer sends the shopper to the wallet's page. */
async function payByWallet(call: Call, checkoutToken: string, method = 'paypal') {
  const outcome = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken,
    paymentMethodCode: method,
    idempotencyKey: idempotencyKey(),
  });
  expect(outcome.status).toBe(200);
  return outcome.data;
}

/** The shopper answers on the wallet's page (a form post), and is sent back to the shop. */
async function answer(next: string, button: string) {
  const url = new URL(next);
  const response = await shop.app.request(url.pathname, { method: 'POST', body: new URLSearchParams({ answer: button }) });
  return { status: response.status, location: response.headers.get('location') };
}

const confirm = (call: Call, orderToken: string) => call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });

describe('paying with the test wallet (PayPal-style redirect)', () => {
  it('sends the shopper to the wallet’s page, in their language, with the amount and the account', async () => {
    const call = shopperOf(shop, newVisitor(), 'lang=fr&currencyCode=EUR');
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    expect(outcome.next).toMatch(new RegExp(`^${PUBLIC_URL}/api/payment-providers/test-wallet/approve/tw_[0-9a-f]{24}$`));
    const page = await shop.app.request(new URL(outcome.next).pathname);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Payer avec PayPal');
    expect(html).toContain(WALLET_ACCOUNT_EMAIL);
    expect(html).toMatch(/\d+,\d{2}\s€/);
    for (const label of ['Approuver et payer', 'Annuler et revenir à la boutique', 'Refuser']) expect(html).toContain(label);
  });

  it('approve → back to the shop → confirm: paid, one confirmation mail however often it is asked', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { email: 'wallet.buyer@example.com' });
    const outcome = await payByWallet(call, token);
    const back = await answer(outcome.next, 'approve');
    expect(back).toEqual({ status: 303, location: `/payment/information?order=${outcome.orderToken}` });
    const [first, second] = await Promise.all([confirm(call, outcome.orderToken), confirm(call, outcome.orderToken)]);
    for (const confirmed of [first!, second!])
      expect(confirmed.data).toMatchObject({ status: 'paid', next: `/thankyou/${outcome.orderToken}` });
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.payment).toMatchObject({ method: 'paypal' });
    await shop.app.mailSettled();
    const mails = (await smtp.waitFor(1)).filter((m) => recipients(m) === 'wallet.buyer@example.com');
    expect(mails).toHaveLength(1);
    // The page again (the back button): the payment is answered, the shopper is sent back.
    const again = await shop.app.request(new URL(outcome.next).pathname);
    expect(again.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.filter((m) => recipients(m) === 'wallet.buyer@example.com')).toHaveLength(1);
  });

  it('cancel → canceled by customer; the order stays payable and the card pays it', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    await answer(outcome.next, 'cancel');
    const canceled = await confirm(call, outcome.orderToken);
    expect(canceled.data).toMatchObject({ status: 'canceled', next: `/payment/canceled?order=${outcome.orderToken}` });
    const paid = await pay(call, token);
    expect(paid.data).toMatchObject({ status: 'paid', orderToken: outcome.orderToken });
  });

  it('reject → failed with 8003 and the reason walletRejected (PayPal information rejected); payable again', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    await answer(outcome.next, 'reject');
    const failed = await confirm(call, outcome.orderToken);
    expect(failed.data).toMatchObject({
      status: 'failed',
      code: 8003,
      reason: 'walletRejected',
      next: `/payment/failed?order=${outcome.orderToken}`,
    });
    // The wallet window reopens: a new attempt goes to a new approval page.
    const reopened = await payByWallet(call, token);
    expect(reopened).toMatchObject({ status: 'action', action: 'redirect', orderToken: outcome.orderToken });
    expect(reopened.next).not.toBe(outcome.next);
    await answer(reopened.next, 'approve');
    expect((await confirm(call, outcome.orderToken)).data.status).toBe('paid');
  });

  it('approved without a phone number: the shop asks for it on /payment/replenishAddress, then it is paid', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    await answer(outcome.next, 'noPhone');
    const waiting = await confirm(call, outcome.orderToken);
    expect(waiting.data).toMatchObject({
      status: 'action',
      action: 'replenishAddress',
      next: `/payment/replenishAddress?order=${outcome.orderToken}`,
    });
    const withoutAddress = await call('PUT', '/paymentStrategy', { orderToken: outcome.orderToken });
    expect(withoutAddress.code).toBe(5011);
    const phone = '+1 415 555 0188';
    const paid = await call<PaymentOutcome>('PUT', '/paymentStrategy', {
      orderToken: outcome.orderToken,
      address: { ...TEST_ADDRESS, phone },
    });
    expect(paid.data).toMatchObject({ status: 'paid', next: `/thankyou/${outcome.orderToken}` });
    const order = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    expect(order.shippingAddress?.phone).toBe(phone);
  });

  it('approved with the shipping to confirm in the shop: /payment/confirmShipping, then it is paid', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    await answer(outcome.next, 'confirmShipping');
    const waiting = await confirm(call, outcome.orderToken);
    expect(waiting.data).toMatchObject({
      status: 'action',
      action: 'confirmShipping',
      next: `/payment/confirmShipping?order=${outcome.orderToken}`,
    });
    const notAccepted = await call('PUT', '/paymentStrategy', { orderToken: outcome.orderToken });
    expect(notAccepted.code).toBe(7001);
    const paid = await call<PaymentOutcome>('PUT', '/paymentStrategy', { orderToken: outcome.orderToken, acceptShipping: true });
    expect(paid.data.status).toBe('paid');
  });

  it('a second answer on the page changes nothing: the first one stands', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
    const outcome = await payByWallet(call, token);
    await answer(outcome.next, 'cancel');
    await answer(outcome.next, 'approve');
    expect((await confirm(call, outcome.orderToken)).data.status).toBe('canceled');
  });
});

describe('express checkout', () => {
  /** A buy-now checkout with nothing told yet, as the product page's express button starts it. */
  async function buyNow(call: Call, quantity = 1) {
    const started = await call<{ token: string }>('POST', '/multicurrency/general/checkout', {
      buyNow: { skuId: shirt, quantity },
    });
    return started.data.token;
  }
  const shippingInfo = (call: Call, method: string, body: Record<string, unknown>) =>
    call<Checkout>('POST', `/paymentStrategy/${method}/shippingInfo`, body);

  it('saves the wallet’s address and e-mail, chooses the cheapest way of shipping there, answers the totals', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await buyNow(call);
    const france = {
      ...WALLET_ACCOUNT_ADDRESS,
      country: 'FR',
      province: '',
      city: 'Paris',
      zip: '75001',
      phone: '+33 1 23 45 67 89',
    };
    const answered = await shippingInfo(call, 'google-pay', {
      checkoutToken: token,
      address: france,
      email: WALLET_ACCOUNT_EMAIL,
    });
    expect(answered.status).toBe(200);
    const options = (
      await call<ShippingOption[]>('GET', `/multicurrency/general/shipping-template?countryCode=FR&checkoutToken=${token}`)
    ).data;
    expect(options.length).toBeGreaterThan(1);
    const cheapest = options.reduce((a, b) => (b.price.amount < a.price.amount ? b : a));
    const checkout = answered.data;
    expect(checkout).toMatchObject({ email: WALLET_ACCOUNT_EMAIL, shippingAddress: france, shippingTemplateId: cheapest.id });
    expect(checkout.totals.totalShippingPrice.amount).toBe(cheapest.price.amount);
    expect(checkout.totals.totalPrice.amount).toBe(checkout.totals.subtotalPrice.amount + cheapest.price.amount);
    // Another address of the same wallet: shipping priced anew (California: the standard rate).
    const us = (
      await shippingInfo(call, 'google-pay', {
        checkoutToken: token,
        address: WALLET_ACCOUNT_ADDRESS,
        email: WALLET_ACCOUNT_EMAIL,
      })
    ).data;
    expect(us.shippingTemplateId).toBe(1);
    expect(us.totals.totalShippingPrice.amount).toBe(695);
  });

  it('refuses bad input with the spec’s codes', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await buyNow(call);
    const body = { checkoutToken: token, address: WALLET_ACCOUNT_ADDRESS, email: WALLET_ACCOUNT_EMAIL };
    // A country the shop does not ship to: 5007 and the spec's words.
    const nowhere = await shippingInfo(call, 'apple-pay', { ...body, address: { ...WALLET_ACCOUNT_ADDRESS, country: 'BR' } });
    expect(nowhere).toMatchObject({
      status: 422,
      code: 5007,
      message: 'Unfortunately we cannot offer services to the specified country',
    });
    const badEmail = await shippingInfo(call, 'apple-pay', { ...body, email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.data)).toContain('/email');
    const badZip = await shippingInfo(call, 'apple-pay', { ...body, address: { ...WALLET_ACCOUNT_ADDRESS, zip: 'x' } });
    expect(badZip.status).toBe(400);
    expect(JSON.stringify(badZip.data)).toContain('/shippingAddress/zip');
    const missing = await shippingInfo(call, 'apple-pay', { checkoutToken: token, email: WALLET_ACCOUNT_EMAIL });
    expect(missing.status).toBe(400);
    expect((await shippingInfo(call, 'bitcoin', body)).code).toBe(7005);
    expect((await shippingInfo(call, 'card', body)).code).toBe(7007);
    expect((await shippingInfo(call, 'apple-pay', { ...body, checkoutToken: 'f'.repeat(32) })).code).toBe(5009);
    // Unsigned: refused like every payment call.
    const unsigned = await shop.app.request(`/api/paymentStrategy/apple-pay/shippingInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(((await unsigned.json()) as { code: number }).code).toBe(8012);
    // Nothing of the refused calls was saved.
    const checkout = (await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data;
    expect(checkout).toMatchObject({ email: null, shippingAddress: null, shippingTemplateId: null });
  });

  it('a Google Pay sheet payment: the wallet’s token approves it at once, once', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await buyNow(call, 2);
    const sheet = await call<{ token: string; email: string; address: typeof WALLET_ACCOUNT_ADDRESS }>(
      'POST',
      '/payment-providers/test-wallet/sheet',
      { paymentMethodCode: 'google-pay' },
    );
    expect(sheet).toMatchObject({ status: 201, data: { email: WALLET_ACCOUNT_EMAIL, address: WALLET_ACCOUNT_ADDRESS } });
    await shippingInfo(call, 'google-pay', { checkoutToken: token, address: sheet.data.address, email: sheet.data.email });
    // Without the sheet's token (or with another method's) the wallet has not approved: 8005.
    const body = { checkoutToken: token, paymentMethodCode: 'apple-pay', idempotencyKey: idempotencyKey() };
    expect((await call('POST', '/payment/create-order', body)).code).toBe(8005);
    expect(
      (await call('POST', '/payment/create-order', { ...body, idempotencyKey: idempotencyKey(), paymentToken: sheet.data.token }))
        .code,
    ).toBe(8005);
    const paid = await call<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken: token,
      paymentMethodCode: 'google-pay',
      paymentToken: sheet.data.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(paid.data).toMatchObject({ status: 'paid', next: `/thankyou/${paid.data.orderToken}` });
    const order = (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
    expect(order).toMatchObject({ email: WALLET_ACCOUNT_EMAIL, shippingAddress: WALLET_ACCOUNT_ADDRESS, itemCount: 2 });
    // The token approved one payment: another checkout cannot use it.
    const other = await buyNow(call);
    await shippingInfo(call, 'google-pay', { checkoutToken: other, address: sheet.data.address, email: sheet.data.email });
    const reused = await call('POST', '/payment/create-order', {
      checkoutToken: other,
      paymentMethodCode: 'google-pay',
      paymentToken: sheet.data.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(reused.code).toBe(8005);
  });

  it('PayPal Express: priced in the sheet, then approved on the wallet’s page', async () => {
    const call = shopperOf(shop, newVisitor());
    const token = await buyNow(call);
    await shippingInfo(call, 'paypal-express', {
      checkoutToken: token,
      address: WALLET_ACCOUNT_ADDRESS,
      email: WALLET_ACCOUNT_EMAIL,
    });
    const outcome = await payByWallet(call, token, 'paypal-express');
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    await answer(outcome.next, 'approve');
    expect((await confirm(call, outcome.orderToken)).data.status).toBe('paid');
  });
});
