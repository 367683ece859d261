// The test wallet in Chromium (issue 9): PayPal from the checkout to the wallet's own page and back
// (approve -> thank-you, cancel -> canceled by customer, reject -> "PayPal information rejected" and the
// wallet's page again after 10 seconds), and express checkout from the product page through the wallet's
// sheet; axe finds nothing on the wallet's page and on the sheet.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { readyCheckout } from './shop-api';

/** Pays a ready checkout with PayPal in the checkout's payment step: the wallet's page opens. */
async function toWallet(page: Page, request: APIRequestContext) {
  const token = await readyCheckout(request);
  await page.goto(`/checkout/payment?token=${token}`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(/\/api\/payment-providers\/test-wallet\/approve\/tw_[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
}

test('PayPal from the checkout: the wallet’s page (amount, account; axe finds nothing), approve -> thank-you', async ({
  page,
  request,
}) => {
  await toWallet(page, request);
  await expect(page.getByText('grace.hopper@wallet.example')).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(/\$\d+\.\d{2}/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 15_000 });
});

test('PayPal canceled on the wallet’s page: the canceled page', async ({ page, request }) => {
  await toWallet(page, request);
  await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await page.waitForURL(/\/payment\/canceled\?order=[0-9a-f]{32}/, { timeout: 15_000 });
});

test('PayPal rejected by the wallet: "PayPal information rejected", and the wallet’s page reopens after 10 seconds', async ({
  page,
  request,
}) => {
  test.setTimeout(45_000);
  await toWallet(page, request);
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.waitForURL(/\/payment\/failed\?order=[0-9a-f]{32}/, { timeout: 15_000 });
  await expect(page.getByText(/PayPal information rejected/)).toBeVisible();
  const failedAt = Date.now();
  await page.waitForURL(/\/api\/payment-providers\/test-wallet\/approve\/tw_[0-9a-f]{24}$/, { timeout: 20_000 });
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(8_000);
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
});

test('express checkout from the product page: the Google Pay sheet (axe finds nothing; Escape closes) -> thank-you', async ({
  page,
}) => {
  await page.goto('/products/linen-shirt');
  await hydrated(page);
  const express = page.getByRole('region', { name: 'Express checkout' });
  const googlePay = express.getByRole('button', { name: 'Google Pay', exact: true });
  await expect(googlePay).toBeVisible({ timeout: 10_000 });
  await googlePay.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('grace.hopper@wallet.example')).toBeVisible();
  await expect(sheet.getByText('2 Ocean Avenue')).toBeVisible();
  const pay = sheet.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ });
  await expect(pay).toBeEnabled({ timeout: 10_000 });
  await expect(sheet.locator('.wallet-sheet__totals')).toContainText('Shipping');
  await expectNoAxeViolations(page, '.wallet-sheet');
  // Keyboard: Tab stays inside the sheet; Escape closes it and gives focus back to its button.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(googlePay).toBeFocused();
  await googlePay.click();
  await expect(pay).toBeEnabled({ timeout: 10_000 });
  await pay.click();
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 15_000 });
  await expect(page.getByText('grace.hopper@wallet.example').first()).toBeVisible();
});
