// The simulated providers in the browser, from the shop's checkout to the thank-you page: PacyPay (a
// redirect: its hosted page, then back to the shop, which asks how the payment ended) and AsiaBill
// (hosted fields: the card goes to AsiaBill's endpoint with the checkout's session, never to the order
// calls; 3-D Secure on AsiaBill's page). The e2e server sends no notifications (TEST_BANK_WEBHOOK_MS=0):
// the shopper's return settles the order. Checkouts are made over the API.
import type { Page } from '@playwright/test';
import { fillCard, paid, watchBodies } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { readyCheckout } from './shop-api';

async function choose(page: Page, checkoutToken: string, method: string) {
  await page.goto(`/checkout/payment?token=${checkoutToken}`);
  await hydrated(page);
  await page.getByRole('radio', { name: method, exact: true }).check();
}

test("PacyPay: its hosted page, Pay now, back to the shop's thank-you page", async ({ page, request }) => {
  await choose(page, await readyCheckout(request), 'PacyPay');
  await expect(page.getByText('you will be taken to PacyPay')).toBeVisible();
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(/\/api\/payment-providers\/pacypay\/pay\/pp_[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your payment' })).toBeVisible();
  await expect(page.getByText('PacyPay · simulated payment page')).toBeVisible();
  await expect(page.getByRole('row', { name: /Amount\s+\$\d/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await paid(page);
  await expect(page.getByRole('heading', { name: /thank you/i })).toBeVisible();
});

test('AsiaBill: the card in its hosted fields, 3-D Secure on its page, then the thank-you page', async ({ page, request }) => {
  const bodies = await watchBodies(page);
  await choose(page, await readyCheckout(request), 'AsiaBill');
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(/\/api\/payment-providers\/asiabill\/3ds\/ab_[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it’s you' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await paid(page);
  await expect(page.getByRole('heading', { name: /thank you/i })).toBeVisible();
  // The card number went to AsiaBill's hosted-fields endpoint only.
  const withNumber = bodies.bodies.filter((b) => /4000\s*0027\s*6000\s*3184/.test(b.body)).map((b) => new URL(b.url).pathname);
  expect(withNumber).toHaveLength(1);
  expect(withNumber[0]).toMatch(/^\/api\/payment-providers\/asiabill\/sessions\/abs_[0-9a-f]{24}\/card$/);
});
