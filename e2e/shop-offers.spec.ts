// One-click offers after the shop's own checkout, in Chromium (issue 29): the demo shop's checkout trigger
// (fixtures/checkout-triggers.json: sunglasses or chino trousers lead to a cap with the code THANKYOU15,
// then a diffuser at 25% off) shown between paying and the thank-you page, accepted in one click with the
// card, with PayPal's vaulted approval, and with iDEAL (pending until the bank's webhook, then the bank's
// page once more for the offer), or declined on to the downsell. Checkouts are made over the API in the
// browser's own visitor (the offer is the buyer's browser's only).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CURRENCY_COOKIE, VISITOR_COOKIE } from '../renderer/state/cookies';
import { DUTCH_ADDRESS } from '../test-support/server/test-address';
import { fillCard, GOOD_CARD } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { bankWebhook, readyCheckout } from './shop-api';
import { E2E_ORIGIN } from './signed';

const UPSELL = /\/checkout\/upsell\?order=([0-9a-f]{32})$/;
const BANK_PAGE = /\/api\/payment-providers\/test-bank\/pay\/(tb_[0-9a-f]{24})$/;

/** The payment step of a checkout of sunglasses, made in this browser's visitor. */
async function paymentStep(page: Page, request: APIRequestContext, euro = false) {
  const visitor = randomUUID();
  await page
    .context()
    .addCookies([
      { name: VISITOR_COOKIE, value: visitor, url: E2E_ORIGIN },
      ...(euro ? [{ name: CURRENCY_COOKIE, value: 'EUR', url: E2E_ORIGIN }] : []),
    ]);
  const token = await readyCheckout(request, {
    visitor,
    handle: 'sunglasses',
    ...(euro ? { address: DUTCH_ADDRESS, currency: 'EUR', shippingTemplateId: 4 } : {}),
  });
  await page.goto(`/checkout/payment?token=${token}`);
  await hydrated(page);
}

/** Paid by card at the payment step: on to the upsell; answers the main order's token. */
async function paidByCard(page: Page, request: APIRequestContext) {
  await paymentStep(page, request);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  return expectUpsell(page);
}

async function expectUpsell(page: Page) {
  await page.waitForURL(UPSELL, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Wait! A special offer for you' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Baseball Cap' })).toBeVisible();
  await expect(page.getByText('Code THANKYOU15 applied')).toBeVisible();
  // One click: no card form on the offer.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  return UPSELL.exec(page.url())![1]!;
}

test('card: paid, then the upsell with its code; one click adds it; the thank-you page shows both orders', async ({
  page,
  request,
}) => {
  const main = await paidByCard(page, request);
  // A reload (a page drawn by the server, for this browser's visitor) shows the same offer.
  await page.reload();
  await expectUpsell(page);
  await expect(page.getByText('Paid with the payment method of your order')).toBeVisible();
  await expect(page.getByText(/This offer ends in (0?9:\d\d|10:00)/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, add it to my order' }).dblclick();
  await page.waitForURL(`/thankyou/${main}`, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Baseball Cap')).toHaveCount(1);
  await expect(page.getByText('Sunglasses').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // Back to the offer: answered, the buyer is sent on to the thank-you page.
  await page.goto(`/checkout/upsell?order=${main}`);
  await page.waitForURL(`/thankyou/${main}`);
});

test('card: "No thanks" leads to the downsell, and declining that to the thank-you page with the main order only', async ({
  page,
  request,
}) => {
  const main = await paidByCard(page, request);
  await page.getByRole('button', { name: 'No thanks' }).click();
  await page.waitForURL(`/checkout/downsell?order=${main}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Scented Diffuser' })).toBeVisible();
  await expect(page.getByText('25%').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'No thanks' }).click();
  await page.waitForURL(`/thankyou/${main}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toHaveCount(0);
});

test('PayPal: approved on the wallet’s page, back to the upsell, charged with the vaulted approval', async ({
  page,
  request,
}) => {
  await paymentStep(page, request);
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(/\/api\/payment-providers\/test-wallet\/approve\/tw_[0-9a-f]{24}$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  const main = await expectUpsell(page);
  await expect(page.getByText('Paid with the payment method of your order')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(`/thankyou/${main}`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Baseball Cap')).toHaveCount(1);
});

test('iDEAL: pending until the bank’s webhook, then the upsell; accepting confirms it at the bank once more', async ({
  page,
  request,
}) => {
  await paymentStep(page, request, true);
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await page.getByLabel('Your bank').selectOption({ label: 'ING' });
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(BANK_PAGE);
  const reference = BANK_PAGE.exec(page.url())![1]!;
  await page.getByRole('button', { name: 'Authorize payment' }).click();
  await page.waitForURL(/\/payment\/pending\?order=[0-9a-f]{32}$/);
  await hydrated(page);
  // The pending page waits for the bank; its webhook turns it to the offer.
  await bankWebhook(request, reference, 'payment.succeeded');
  const main = await expectUpsell(page);
  await expect(page.getByText('You confirm this payment with your bank once more')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(BANK_PAGE, { timeout: 20_000 });
  const offerReference = BANK_PAGE.exec(page.url())![1]!;
  expect(offerReference).not.toBe(reference);
  await page.getByRole('button', { name: 'Authorize payment' }).click();
  await page.waitForURL(/\/payment\/pending\?order=[0-9a-f]{32}$/);
  await hydrated(page);
  await bankWebhook(request, offerReference, 'payment.succeeded');
  await page.waitForURL(`/thankyou/${main}`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Baseball Cap')).toHaveCount(1);
});
