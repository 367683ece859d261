// The payment result pages in the browser (spec sections 2 and 4), with the test card: 3-D Secure approved
// and failed (then another card pays the same order), a card the issuer is still processing and one
// waiting for the cardholder's authorization, each page turning to the thank-you page by itself; the
// processing, waiting-for-authorization and return (`information`) pages held still in German, and the
// failed, canceled, pending and missing pages in English and German, with axe finding nothing. Checkouts
// are made over the API (the checkout's own e2e covers filling it in); the shopper pays on its payment step.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { fillCard } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { GERMAN_ADDRESS } from '../test-support/server/test-address';
import { readyCheckout } from './shop-api';
import { signed } from './signed';

const GOOD_CARD = '4242 4242 4242 4242';
const THREE_DS_CARD = '4000 0027 6000 3184';
const PROCESSING_CARD = '4000 0025 0000 0003';
const AUTHORIZATION_CARD = '4000 0082 6000 0000';

/** A payment call signed as the shop's browser code signs it. */
async function paymentCall(request: APIRequestContext, visitor: string, path: string, body: Record<string, unknown>) {
  const answer = await request.post(signed(path, body, visitor), { headers: { customerUUID: visitor }, data: body });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data as { orderToken: string; next: string; status: string };
}

/** An order paid by a test card over the API (the 3-D Secure card: it waits for the challenge). */
async function cardOrder(request: APIRequestContext, number = THREE_DS_CARD) {
  const visitor = randomUUID();
  const checkoutToken = await readyCheckout(request, { visitor });
  const card = await request.post('/api/payment-providers/test-card/tokens', {
    data: { number: number.replace(/ /g, ''), expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
  });
  const outcome = await paymentCall(request, visitor, '/api/payment/create-order', {
    checkoutToken,
    paymentMethodCode: 'card',
    paymentToken: (await card.json()).data.token,
    idempotencyKey: randomUUID(),
  });
  if (number === THREE_DS_CARD) expect(outcome.status).toBe('action');
  return { visitor, orderToken: outcome.orderToken, next: outcome.next };
}

/**
 * Holds the browser's calls to `pattern` until `release()`: a page that moves on by itself (its next
 * status answer) stays as it is while axe looks at it.
 */
async function holdCalls(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function payOnPaymentStep(page: Page, checkoutToken: string, number: string) {
  await page.goto(`/checkout/payment?token=${checkoutToken}`);
  await hydrated(page);
  await fillCardAndPay(page, number);
}

async function fillCardAndPay(page: Page, number: string) {
  await fillCard(page, number);
  await page.getByRole('button', { name: 'Complete order' }).click();
}

const thankYou = /\/thankyou\/[0-9a-f]{32}$/;

test('3-D Secure approved: the issuer’s challenge, then the return page, then thank-you', async ({ page, request }) => {
  const checkoutToken = await readyCheckout(request);
  await payOnPaymentStep(page, checkoutToken, THREE_DS_CARD);
  await page.waitForURL(/\/api\/payment-providers\/test-card\/3ds\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(thankYou);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');
});

test('3-D Secure failed: the failed page says why, and another card pays the same checkout', async ({ page, request }) => {
  const checkoutToken = await readyCheckout(request);
  await payOnPaymentStep(page, checkoutToken, THREE_DS_CARD);
  await page.waitForURL(/\/api\/payment-providers\/test-card\/3ds\//);
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await page.waitForURL(/\/payment\/failed\?order=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('The card authentication failed.')).toBeVisible();
  await expect(page.getByText(/^Order VG-\d+$/)).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Try another card or payment method' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment' && url.searchParams.get('token') === checkoutToken);
  await hydrated(page);
  await fillCardAndPay(page, GOOD_CARD);
  await page.waitForURL(thankYou);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');
});

test('processing and waiting for authorization: each page turns to thank-you by itself', async ({ page, request }) => {
  for (const [card, heading, path] of [
    [PROCESSING_CARD, 'Your payment is being processed', '/payment/processing'],
    [AUTHORIZATION_CARD, 'Waiting for authorization', '/payment/authorization'],
  ] as const) {
    await payOnPaymentStep(page, await readyCheckout(request), card);
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'This page updates by itself.' })).toBeVisible();
    // The e2e server's issuer answers after 1.5 s; the page asks every 1.5 s.
    await page.waitForURL(thankYou, { timeout: 10_000 });
  }
});

test('processing, waiting for authorization and the return page in German, with axe finding nothing', async ({
  page,
  request,
}) => {
  for (const [card, path, heading] of [
    [PROCESSING_CARD, '/payment/processing', 'Ihre Zahlung wird verarbeitet'],
    [AUTHORIZATION_CARD, '/payment/authorization', 'Warten auf Autorisierung'],
  ] as const) {
    const order = await cardOrder(request, card);
    expect(new URL(order.next, 'http://shop.test').pathname).toBe(path);
    const release = await holdCalls(page, '**/ckstatus');
    await page.goto(`${path}?order=${order.orderToken}&lang=de`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Diese Seite aktualisiert sich von selbst.' })).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    await page.waitForURL(thankYou, { timeout: 10_000 });
    await page.unrouteAll();
  }
  // Back from a provider: the return page asks how the payment ended, then goes on.
  const order = await cardOrder(request);
  const release = await holdCalls(page, '**/paymentStrategy/confirm*');
  await page.goto(`/payment/information?order=${order.orderToken}&lang=de`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Zahlung wird bestätigt' })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  // The 3-D Secure challenge is not done yet: back to the issuer's page.
  await page.waitForURL(/\/api\/payment-providers\/test-card\/3ds\//);
});

test('failed and canceled pages in English and German, with axe finding nothing', async ({ page, request }) => {
  const failed = await cardOrder(request);
  await paymentCall(request, failed.visitor, '/api/paymentStrategy/failure', { orderToken: failed.orderToken, code: 80003 });
  const canceled = await cardOrder(request);
  await paymentCall(request, canceled.visitor, '/api/paymentStrategy/cancel', { orderToken: canceled.orderToken });
  for (const [lang, failedTitle, message, canceledText, tryAgain] of [
    ['en', 'Payment failed', 'The card authentication failed.', 'You canceled the payment.', 'Try again'],
    [
      'de',
      'Zahlung fehlgeschlagen',
      'Die Authentifizierung der Karte ist fehlgeschlagen.',
      'Sie haben die Zahlung abgebrochen.',
      'Erneut versuchen',
    ],
  ]) {
    await page.goto(`/payment/failed?order=${failed.orderToken}&lang=${lang}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: failedTitle })).toBeVisible();
    await expect(page.getByText(message!)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/payment/canceled?order=${canceled.orderToken}&lang=${lang}`);
    await hydrated(page);
    await expect(page.getByText(canceledText!)).toBeVisible();
    await expect(page.getByRole('link', { name: tryAgain })).toHaveAttribute('href', /\/checkout\/payment\?token=/);
    await expectNoAxeViolations(page);
  }
});

test('pending (bank) and missing pages in English and German, with axe finding nothing', async ({ page, request }) => {
  const visitor = randomUUID();
  // Sofort is paid from Germany (and its neighbours), in euros.
  const checkoutToken = await readyCheckout(request, {
    visitor,
    address: GERMAN_ADDRESS,
    currency: 'EUR',
    shippingTemplateId: 4,
  });
  const toBank = await paymentCall(request, visitor, '/api/payment/create-order?currencyCode=EUR', {
    checkoutToken,
    paymentMethodCode: 'sofort',
    idempotencyKey: randomUUID(),
  });
  // At the bank's page the shopper authorises; the bank confirms later (its webhook never comes here).
  const answered = await request.post(new URL(toBank.next, 'http://shop.test').pathname, {
    form: { answer: 'authorise' },
    maxRedirects: 0,
  });
  expect(answered.status()).toBe(303);
  const pending = await paymentCall(request, visitor, '/api/paymentStrategy/confirm', { orderToken: toBank.orderToken });
  expect(pending.status).toBe('pending');
  for (const [lang, bankText, missingTitle] of [
    ['en', 'Confirmation takes 2–15 minutes, and an email follows.', 'This order does not exist'],
    ['de', 'Die Bestätigung dauert 2–15 Minuten', 'Diese Bestellung existiert nicht'],
  ]) {
    await page.goto(`/payment/pending?order=${toBank.orderToken}&lang=${lang}`);
    await hydrated(page);
    await expect(page.getByText(bankText!)).toBeVisible();
    await expectNoAxeViolations(page);
    const missing = await page.goto(`/payment/missing?lang=${lang}`);
    expect(missing?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: missingTitle })).toBeVisible();
    await expect(page.locator('a[href$="/track"]')).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('PayPal rejects: the failed page counts down from 10 seconds, then reopens the wallet', async ({ page, request }) => {
  const visitor = randomUUID();
  const checkoutToken = await readyCheckout(request, { visitor });
  const toWallet = await paymentCall(request, visitor, '/api/payment/create-order', {
    checkoutToken,
    paymentMethodCode: 'paypal',
    idempotencyKey: randomUUID(),
  });
  const walletPage = new URL(toWallet.next, 'http://shop.test').pathname;
  const rejected = await request.post(walletPage, { form: { answer: 'reject' }, maxRedirects: 0 });
  expect(rejected.status()).toBe(303);
  // Back from the wallet: the return page confirms and moves on to the failed page.
  await page.goto(`/payment/information?order=${toWallet.orderToken}`);
  await page.waitForURL(/\/payment\/failed\?order=/);
  // Announced (a status), beside the other live regions every page keeps (the cart popup's).
  await expect(page.getByRole('status').filter({ hasText: 'PayPal information rejected' })).toHaveText(
    'PayPal information rejected: the PayPal window reopens in 10 seconds.',
  );
  await expect(page.getByText(/^Reopening in [5-9] s$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute(
    'href',
    `/checkout/payment?token=${checkoutToken}`,
  );
  await expectNoAxeViolations(page);
  // A new payment with the same method opens the wallet's page again.
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment-providers/test-wallet/approve/'), { timeout: 15_000 });
  expect(new URL(page.url()).pathname).not.toBe(walletPage);
});
