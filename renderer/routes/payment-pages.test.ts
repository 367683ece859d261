// The payment result pages through the real app (spec sections 2 and 4): what the server renders for an
// order in each payment state, in English and German, private and not indexed; an order that does not
// exist is a 404 with the way on; a page that no longer matches the payment sends the shopper on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import type { PaymentRequest, PaymentResult, Provider } from '../../server/payments/provider';
import { idempotencyKey, pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { GERMAN_ADDRESS, MEXICAN_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { leadsElsewhere, nextPaymentPoll } from '../ui/payment/use-payment-status';
import { inLanguage } from '../../test-support/server/in-language';

/** A bank and a voucher that stay pending (no webhook comes): the pending page's two texts. */
const waitingBank: Provider = {
  id: 'test-bank',
  name: { en: 'Bank' },
  async createPayment(request: PaymentRequest): Promise<PaymentResult> {
    return {
      status: 'pending',
      reason: request.options.kind === 'voucher' ? 'voucher' : 'bank',
      reference: `wb_${request.orderToken}`,
    };
  },
  async retrieve(reference) {
    return { status: 'pending', reason: 'bank', reference };
  },
  async refund() {
    return { refunded: 0 };
  },
};

let shop: TestShop;
let call: Call;
const orders: Record<string, { order: string; checkout: string }> = {};

async function placed(state: string, pay: (checkout: string) => Promise<{ data: PaymentOutcome }>) {
  const checkout = await readyCheckout(call, [{ skuId: 1, quantity: 1 }], { buyNow: true });
  const { data } = await pay(checkout);
  orders[state] = { order: data.orderToken, checkout };
  return data;
}

beforeAll(async () => {
  shop = await createTestShop(
    'pglite',
    { pageCacheTtlMs: 0, testPayments: { settleAfterMs: 600_000 } },
    { providers: [waitingBank] },
  );
  call = shopperOf(shop, '0c0ffee0-0000-4000-8000-00000000fa11');
  const threeDs = await placed('failed', (c) => pay(call, c, '4000 0027 6000 3184'));
  // The shopper fails the issuer's challenge, and comes back to the shop.
  const challenge = new URL(threeDs.next).pathname;
  await shop.app.request(challenge, { method: 'POST', body: new URLSearchParams({ answer: 'fail' }) });
  await call('POST', '/paymentStrategy/confirm', { orderToken: threeDs.orderToken });
  const left = await placed('canceled', (c) => pay(call, c, '4000 0027 6000 3184'));
  await call('POST', '/paymentStrategy/cancel', { orderToken: left.orderToken });
  await placed('processing', (c) => pay(call, c, '4000 0025 0000 0003'));
  await placed('authorization', (c) => pay(call, c, '4000 0082 6000 0000'));
  await placed('paid', (c) => pay(call, c));
  // Sofort is paid from Germany in euros, OXXO from Mexico in pesos (each method where it works).
  for (const [state, method, currency, address] of [
    ['bank', 'sofort', 'EUR', GERMAN_ADDRESS],
    ['voucher', 'oxxo', 'MXN', MEXICAN_ADDRESS],
  ] as const) {
    const local = shopperOf(shop, '0c0ffee0-0000-4000-8000-00000000fa11', `currencyCode=${currency}`);
    const checkout = await readyCheckout(local, [{ skuId: 1, quantity: 1 }], { buyNow: true, address });
    const { data } = await local<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken: checkout,
      paymentMethodCode: method,
      idempotencyKey: idempotencyKey(),
    });
    orders[state] = { order: data.orderToken, checkout };
  }
});
afterAll(() => shop?.close());

const page = async (path: string, lang = 'en') => {
  const response = await shop.app.request(inLanguage(path, lang));
  const html = await response.text();
  return { response, html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
};
const resultPage = (handle: string, state: string, lang?: string) =>
  page(`/payment/${handle}?order=${orders[state]!.order}`, lang);

describe('payment result pages', () => {
  it('every one is the visitor’s own and not indexed', async () => {
    for (const [handle, state] of [
      ['information', 'failed'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
      ['processing', 'processing'],
      ['pending', 'bank'],
      ['missing', 'failed'],
    ]) {
      const { response, html } = await resultPage(handle!, state!);
      expect(response.headers.get('X-Vitrine-Page-Cache'), handle).toBe('BYPASS');
      expect(html, handle).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it('information: says it is confirming the payment, politely, before the browser moves on', async () => {
    const en = await resultPage('information', 'failed');
    expect(en.response.status).toBe(200);
    expect(en.html).toMatch(/<p role="status" class="payment-result__working">We are confirming your payment\./);
    expect((await resultPage('information', 'failed', 'de')).text).toContain('Wir bestätigen Ihre Zahlung.');
  });

  it('failed: the code’s message, the order number, and back to the checkout’s payment step', async () => {
    const en = await resultPage('failed', 'failed');
    expect(en.response.status).toBe(200);
    expect(en.text).toContain('Payment failed');
    expect(en.text).toContain('The card authentication failed.');
    expect(en.text).toMatch(/Order VG-\d+/);
    expect(en.html).toContain(`href="/checkout/payment?token=${orders.failed!.checkout}"`);
    expect(en.text).toContain('Try another card or payment method');
    const de = await resultPage('failed', 'failed', 'de');
    expect(de.text).toContain('Die Authentifizierung der Karte ist fehlgeschlagen.');
    expect(de.text).toContain('Andere Karte oder Zahlungsart versuchen');
  });

  it('canceled: says so, with try again and continue shopping', async () => {
    const en = await resultPage('canceled', 'canceled');
    expect(en.text).toContain('You canceled the payment.');
    expect(en.html).toContain(`href="/checkout/payment?token=${orders.canceled!.checkout}"`);
    expect(en.text).toContain('Try again');
    expect(en.html).toContain('href="/collections/all"');
    expect((await resultPage('canceled', 'canceled', 'de')).text).toContain('Sie haben die Zahlung abgebrochen.');
  });

  it('processing and waiting for authorization: what is waited for, and that the page follows it', async () => {
    const processing = await resultPage('processing', 'processing');
    expect(processing.text).toContain('Your payment is being processed');
    expect(processing.html).toMatch(/role="status"[^>]*>This page updates by itself\./);
    const authorization = await resultPage('authorization', 'authorization');
    expect(authorization.text).toContain('Waiting for authorization');
    expect((await resultPage('authorization', 'authorization', 'de')).text).toContain('Warten auf Autorisierung');
  });

  it('pending: a bank confirms in 2–15 minutes and an email follows; a voucher is paid by its date', async () => {
    const bank = await resultPage('pending', 'bank');
    expect(bank.text).toContain('Confirmation takes 2–15 minutes, and an email follows.');
    const voucher = await resultPage('pending', 'voucher');
    expect(voucher.text).toMatch(/Pay your voucher by \w{3} \d{1,2}, \d{4}, .+ UTC to complete order VG-\d+/);
    expect((await resultPage('pending', 'bank', 'de')).text).toContain('Die Bestätigung dauert 2–15 Minuten');
  });

  it('an order that does not exist is a 404 with a link home and to order tracking', async () => {
    for (const path of ['/payment/missing', '/payment/failed?order=0123456789abcdef0123456789abcdef']) {
      const { response, text, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(text, path).toContain('This order does not exist');
      expect(html).toContain('href="/track"');
      expect(html).toContain('href="/"');
    }
    expect((await page('/payment/missing', 'de')).text).toContain('Diese Bestellung existiert nicht');
  });

  it('an unknown payment page is the shop’s 404', async () => {
    const { response, text } = await page(`/payment/nope?order=${orders.failed!.order}`);
    expect(response.status).toBe(404);
    expect(text).toContain('This page could not be found');
  });

  it('a page that no longer matches the payment sends the shopper where it leads', async () => {
    const paid = await resultPage('processing', 'paid');
    expect(paid.response.status).toBe(307);
    expect(paid.response.headers.get('Location')).toContain(`/thankyou/${orders.paid!.order}`);
    const failed = await resultPage('canceled', 'failed');
    expect(failed.response.headers.get('Location')).toContain(`/payment/failed?order=${orders.failed!.order}`);
    expect(shop.faults).toEqual([]);
  });
});

describe('following a waiting payment', () => {
  const status = (
    payment: Partial<NonNullable<OrderStatus['payment']>> | null,
    order: Partial<OrderStatus> = {},
  ): OrderStatus => ({
    number: 'VG-1',
    status: 'pending',
    fulfillmentStatus: 'unfulfilled',
    payment: payment && { method: 'card', status: 'processing', next: '/payment/processing?order=t', ...payment },
    checkoutToken: null,
    addressConfirmBy: null,
    expiresAt: null,
    ...order,
  });

  it('asks quickly for a card, slowly for a bank, and stops after 15 minutes or once the payment ended', () => {
    expect(nextPaymentPoll(status({ status: 'processing' }), 0)).toBe(1_500);
    expect(nextPaymentPoll(status({ status: 'pending' }), 0)).toBe(4_000);
    expect(nextPaymentPoll(status({ status: 'pending' }), 15 * 60_000)).toBeNull();
    expect(nextPaymentPoll(status({ status: 'failed' }), 0)).toBeNull();
    expect(nextPaymentPoll(status({ status: 'paid' }, { status: 'paid' }), 0)).toBeNull();
  });

  it('moves on to the thank-you page when paid, to the failed page when it failed, and stays while it waits', () => {
    expect(leadsElsewhere(status({ status: 'paid', next: '/thankyou/t' }, { status: 'paid' }), 'processing', 't')).toBe(
      '/thankyou/t',
    );
    expect(leadsElsewhere(status({ status: 'failed', next: '/payment/failed?order=t' }), 'processing', 't')).toBe(
      '/payment/failed?order=t',
    );
    expect(leadsElsewhere(status({ status: 'processing' }), 'processing', 't')).toBeNull();
  });
});
