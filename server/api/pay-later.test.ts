// The test pay-later provider (Klarna / Afterpay / Zip style, spec section 9) over the API as a shopper's
// browser goes through it: the order's payment sends the shopper to the provider's page, which shows the
// plan with its due dates; approving pays the order, declining (a refused credit check) fails it with
// 8007 and leaves it payable, canceling is "canceled by customer". prePay answers the plan of the
// checkout's total before paying.
import { firstSku } from '../../test-support/server/skus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkout,
  DictEntry,
  OrderStatus,
  PaymentMethodList,
  PaymentOutcome,
  PrePayAnswer,
} from '../../schemas/generated/api';
import { idempotencyKey, pay, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let skuId: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  skuId = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(() => shop?.close());

async function payLater(method = 'klarna', quantity = 1, key = idempotencyKey()) {
  const call = shopperOf(shop, newVisitor());
  const checkoutToken = await readyCheckout(call, [{ skuId, quantity }]);
  const answer = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken,
    paymentMethodCode: method,
    idempotencyKey: key,
  });
  expect(answer.status).toBe(200);
  return { call, checkoutToken, outcome: answer.data, key };
}

/** The provider's page as the shopper sees it. */
async function providerPage(next: string) {
  const page = await shop.app.request(new URL(next).pathname);
  return { status: page.status, html: await page.text(), location: page.headers.get('location') };
}

/** The shopper's answer on the provider's page; the provider sends them back to the shop's return page. */
async function answer(next: string, choice: 'approve' | 'decline' | 'cancel'): Promise<string> {
  const posted = await shop.app.request(new URL(next).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `answer=${choice}`,
  });
  expect(posted.status).toBe(303);
  return posted.headers.get('location')!;
}

const orderStatus = (call: Call, orderToken: string) =>
  call<OrderStatus>('GET', `/multicurrency/general/order/${orderToken}/ckstatus`);

describe('the provider page', () => {
  it('shows the plan of the order: 4 parts due today and in 2, 4 and 6 weeks, adding up to the total', async () => {
    const { outcome } = await payLater('klarna', 3);
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    expect(outcome.next).toMatch(/\/api\/payment-providers\/test-pay-later\/pay\/pl_[0-9a-f]+$/);
    const { status, html } = await providerPage(outcome.next);
    expect(status).toBe(200);
    expect(html).toContain('Pay in 4 interest-free instalments');
    expect(html).toContain('Klarna');
    const rows = [...html.matchAll(/<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g)];
    expect(rows).toHaveLength(4);
    expect(rows[0]![1]).toMatch(/^Today/);
    const cents = rows.map((row) => Math.round(Number(row[2]!.replace(/[^0-9.]/g, '')) * 100));
    const total = Number(/Your order total is [^0-9]*([0-9][0-9,]*\.[0-9]{2})/.exec(html)![1]!.replace(/,/g, '')) * 100;
    expect(cents.reduce((a, b) => a + b, 0)).toBe(Math.round(total));
    expect(new Set(cents.slice(1)).size).toBe(1);
    expect(cents[0]! - cents[1]!).toBeGreaterThanOrEqual(0);
    expect(cents[0]! - cents[1]!).toBeLessThan(4);
    // The due dates are two weeks apart.
    const dates = rows.slice(1).map((row) => Date.parse(row[1]!));
    expect((dates[1]! - dates[0]!) / 86_400_000).toBe(14);
  });

  it('shows Zip as one payment in 30 days, interest-free, in the shopper’s language', async () => {
    const call = shopperOf(shop, newVisitor(), 'lang=fr');
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    const { data } = await call<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken,
      paymentMethodCode: 'zip',
      idempotencyKey: idempotencyKey(),
    });
    const { html } = await providerPage(data.next);
    expect(html).toContain('lang="fr"');
    expect(html).toContain('30 jours');
    expect([...html.matchAll(/<tr><td>/g)]).toHaveLength(1);
  });
});

describe('the shopper’s answer', () => {
  it('approve pays the order once; the page then sends the shopper back', async () => {
    const { call, outcome } = await payLater('afterpay');
    expect(await answer(outcome.next, 'approve')).toBe(`/payment/information?order=${outcome.orderToken}`);
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'paid', next: `/thankyou/${outcome.orderToken}` });
    expect((await orderStatus(call, outcome.orderToken)).data.status).toBe('paid');
    // A second answer (another tab) changes nothing; the page is no longer a way to pay.
    await answer(outcome.next, 'decline');
    expect((await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken })).data.status).toBe(
      'paid',
    );
    expect((await providerPage(outcome.next)).status).toBe(303);
  });

  it('decline is a refused credit check: failed with 8007, and the order can still be paid', async () => {
    const { call, outcome } = await payLater('klarna');
    await answer(outcome.next, 'decline');
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'failed', code: 8007, next: `/payment/failed?order=${outcome.orderToken}` });
    const status = await orderStatus(call, outcome.orderToken);
    expect(status.data).toMatchObject({ status: 'pending', payment: { status: 'failed', code: 8007 } });
    const retried = await pay(call, status.data.checkoutToken!);
    expect(retried.data).toMatchObject({ status: 'paid', orderToken: outcome.orderToken });
  });

  it('cancel is "canceled by customer"; the order stays payable', async () => {
    const { call, outcome } = await payLater('zip');
    await answer(outcome.next, 'cancel');
    const confirmed = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(confirmed.data).toMatchObject({ status: 'canceled', next: `/payment/canceled?order=${outcome.orderToken}` });
    expect((await orderStatus(call, outcome.orderToken)).data).toMatchObject({
      status: 'pending',
      payment: { status: 'canceled' },
    });
  });

  it('a payment the shop canceled can no longer be approved at the provider', async () => {
    const { call, outcome } = await payLater('klarna');
    await call('POST', '/paymentStrategy/cancel', { orderToken: outcome.orderToken });
    expect((await providerPage(outcome.next)).status).toBe(303);
    await answer(outcome.next, 'approve');
    expect((await orderStatus(call, outcome.orderToken)).data).toMatchObject({
      status: 'pending',
      payment: { status: 'canceled' },
    });
  });

  it('refuses an answer it does not know', async () => {
    const { outcome } = await payLater('klarna');
    const posted = await shop.app.request(new URL(outcome.next).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'answer=maybe',
    });
    expect(posted.status).toBe(400);
  });

  it('the same idempotency key gives the same provider page (one payment)', async () => {
    const { call, checkoutToken, outcome, key } = await payLater('klarna');
    const again = await call<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken,
      paymentMethodCode: 'klarna',
      idempotencyKey: key,
    });
    expect(again.data).toEqual(outcome);
  });
});

describe('the method list', () => {
  it('tells the terms of each pay-later method (for the product page’s note), and of no other method', async () => {
    const response = await shop.app.request('/api/payment-methods/list?siteId=1&currencyCode=EUR');
    const methods = ((await response.json()) as PaymentMethodList).result;
    const byCode = new Map(methods.map((m) => [m.code, m]));
    expect(byCode.get('klarna')?.payLater).toEqual({ plan: 'installments', count: 4, intervalWeeks: 2 });
    expect(byCode.get('afterpay')?.payLater).toEqual({ plan: 'installments', count: 4, intervalWeeks: 2 });
    expect(byCode.get('zip')?.payLater).toEqual({ plan: 'payLater', interestFreeDays: 30 });
    expect(methods.filter((m) => m.payLater).map((m) => m.provider)).toEqual([
      'test-pay-later',
      'test-pay-later',
      'test-pay-later',
    ]);
  });
});

describe('payment icons', () => {
  it('a fresh shop lists a drawn icon for every method it offers, each served as a small SVG with its name', async () => {
    const icons = (await shopperOf(shop, newVisitor())<DictEntry[]>('GET', '/dict/detail/CREDIT_CARD_ICON')).data;
    const response = await shop.app.request('/api/payment-methods/list?siteId=1&currencyCode=EUR');
    const methods = ((await response.json()) as PaymentMethodList).result;
    // A method's icon is its own, or its brand's (cards show the card brands, PayPal express PayPal, Stripe's two Stripe).
    const brand = (code: string) =>
      ({ card: 'visa', 'paypal-express': 'paypal', 'stripe-element': 'stripe', 'stripe-checkout': 'stripe' })[code] ?? code;
    const codes = new Set(icons.map((i) => i.code));
    expect(methods.map((m) => brand(m.code)).filter((code) => !codes.has(code))).toEqual([]);
    for (const code of [
      'sofort',
      'giropay',
      'p24',
      'blik',
      'trustly',
      'openbanking',
      'swish',
      'citcon',
      'payssion',
      'oxxo',
      'afterpay',
      'zip',
      'asiabill',
      'stripe',
    ])
      expect(codes, code).toContain(code);
    for (const icon of icons) {
      const svg = await shop.app.request(String(icon.icon));
      expect(svg.status, icon.code).toBe(200);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      const text = await svg.text();
      expect(text.length, icon.code).toBeLessThanOrEqual(2048);
      expect(text).toContain(`<title>${icon.name}</title>`);
    }
  });
});

describe('prePay', () => {
  it('answers the plan of the checkout’s total: parts adding up to it, the first taking the remainder', async () => {
    const call = shopperOf(shop, newVisitor());
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 3 }]);
    const checkout = await call<Checkout>('GET', `/multicurrency/general/checkout/${checkoutToken}`);
    const total = checkout.data.totals.totalPrice;
    const answer = await call<PrePayAnswer>('POST', '/paymentStrategy/prePay', { checkoutToken, paymentMethodCode: 'klarna' });
    expect(answer.status).toBe(200);
    expect(answer.data.amount).toEqual(total);
    const plan = answer.data.plan!;
    expect(plan.kind).toBe('installments');
    expect(plan.parts.map((p) => p.dueInDays)).toEqual([0, 14, 28, 42]);
    const amounts = plan.parts.map((p) => p.amount.amount);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(total.amount);
    expect(amounts.slice(1).every((a) => a === amounts[1])).toBe(true);
    expect(amounts[0]! - amounts[1]!).toBe(total.amount % 4);
    expect(plan.parts.every((p) => p.amount.currencyCode === total.currencyCode)).toBe(true);

    const zip = await call<PrePayAnswer>('POST', '/paymentStrategy/prePay', { checkoutToken, paymentMethodCode: 'zip' });
    expect(zip.data.plan).toEqual({ kind: 'payLater', interestFreeDays: 30, parts: [{ dueInDays: 30, amount: total }] });
    const card = await call<PrePayAnswer>('POST', '/paymentStrategy/prePay', { checkoutToken, paymentMethodCode: 'card' });
    expect(card.data.plan).toBeNull();
  });
});
