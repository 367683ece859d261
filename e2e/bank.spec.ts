// The test bank in the browser: iDEAL from the checkout's payment step (the bank chosen first, required;
// axe finds nothing with its error shown), the bank's own page (axe finds nothing), Authorize -> the
// pending page, then the bank's signed webhook (sent by the test, as the e2e server's bank sends none:
// TEST_BANK_WEBHOOK_MS=0) turns that page to thank-you by itself; Decline -> the failed webhook turns it
// to the failed page. Checkouts are made over the API (the checkout's own e2e covers filling it in).
import type { APIRequestContext, Page } from '@playwright/test';
import { CURRENCY_COOKIE } from '../renderer/state/cookies';
import { DUTCH_ADDRESS } from '../test-support/server/test-address';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { bankWebhook, readyCheckout } from './shop-api';
import { E2E_ORIGIN } from './signed';

const bankPage = /\/api\/payment-providers\/test-bank\/pay\/(tb_[0-9a-f]{24})$/;

/** A Belgian address: where Bancontact works, in euros. */
const BELGIAN_ADDRESS = {
  ...DUTCH_ADDRESS,
  lastName: 'Peeters',
  country: 'BE',
  city: 'Brussel',
  address1: 'Grote Markt 1',
  zip: '1000',
  phone: '+32 2 555 0100',
};

/** A checkout shipping to `address` in euros, over the API (International shipping: template 4). */
const euroCheckout = (request: APIRequestContext, address: typeof DUTCH_ADDRESS) =>
  readyCheckout(request, { address, currency: 'EUR', shippingTemplateId: 4 });

async function choose(page: Page, checkoutToken: string, method: string) {
  // The shopper's page in the checkout's currency, as where they chose it.
  await page.context().addCookies([{ name: CURRENCY_COOKIE, value: 'EUR', url: E2E_ORIGIN }]);
  await page.goto(`/checkout/payment?token=${checkoutToken}`);
  await hydrated(page);
  await page.getByRole('radio', { name: method }).check();
}

test('iDEAL: the bank chosen in the checkout, authorised at the bank, pending until the webhook turns the page to thank-you', async ({
  page,
  request,
}) => {
  await choose(page, await euroCheckout(request, DUTCH_ADDRESS), 'iDEAL');
  const bank = page.getByLabel('Your bank');
  await expect(bank).toBeVisible();
  // Paying without a bank is refused in the page, the select named in the summary and focused.
  await page.getByRole('button', { name: 'Complete order' }).click();
  await expect(page.locator('.checkout-errors')).toContainText('Your bank: This field is required');
  await expect(bank).toBeFocused();
  await expect(bank).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await bank.selectOption({ label: 'ING' });
  await expect(bank).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Complete order' }).click();

  await page.waitForURL(bankPage);
  const reference = bankPage.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Bank\s+ING/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Amount\s+€\d/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Authorize payment' }).click();

  await page.waitForURL(/\/payment\/pending\?order=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Payment pending' })).toBeVisible();
  await expect(page.getByText(/Confirmation takes 2–15 minutes, and an email follows/)).toBeVisible();
  await hydrated(page);
  await bankWebhook(request, reference, 'payment.succeeded');
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');
});

test('Bancontact declined at the bank: pending, then the failed webhook turns the page to the failed page', async ({
  page,
  request,
}) => {
  await choose(page, await euroCheckout(request, BELGIAN_ADDRESS), 'Bancontact');
  // No bank to choose for Bancontact: only where the shopper is taken.
  await expect(page.getByLabel('Your bank')).toHaveCount(0);
  await expect(page.getByText('you will be taken to Bancontact')).toBeVisible();
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(bankPage);
  const reference = bankPage.exec(page.url())![1]!;
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/payment\/pending\?order=[0-9a-f]{32}$/);
  await hydrated(page);
  await bankWebhook(request, reference, 'payment.failed');
  await page.waitForURL(/\/payment\/failed\?order=[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('The payment could not be authorized.', { exact: false })).toBeVisible();
});
