// The checkout's other styles (spec: one-page, one-page cart), end to end with the test card. Each test
// switches the site's checkout style with the merchant call, which every page of the shop sees: the
// config runs this file as its own project, after every other spec (playwright.config.ts), one test at a
// time, and puts the multi-step style back after each.
import type { APIRequestContext } from '@playwright/test';
import {
  addToCart,
  buyNow,
  expectEmptyCartBadge,
  fillCard,
  fillInformation,
  fromCart,
  GOOD_CARD,
  paid,
  watchBodies,
} from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

test.describe.configure({ mode: 'serial' });

async function setCheckoutStyle(request: APIRequestContext, checkoutType: string) {
  const answer = await request.patch('/api/site', {
    headers: { Authorization: `Bearer ${MERCHANT_TOKEN}` },
    data: { extDataMap: { checkoutType } },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  // The shop reads its settings through a short cache: wait until pages see the new style.
  await expect(async () => {
    const site = await (await request.get('/api/site')).json();
    expect(site.data.extDataMap.checkoutType).toBe(checkoutType);
  }).toPass({ timeout: 10_000 });
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

test.describe('other checkout styles', () => {
  test.afterEach(async ({ request }) => setCheckoutStyle(request, 'multi-step'));

  test('one-page: every section on one page, from the cart, paid with the test card', async ({ page, request }) => {
    await setCheckoutStyle(request, 'one-page');
    const watch = await watchBodies(page);
    await fromCart(page);
    await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
    await hydrated(page);
    await expect(page.getByText('Step 1 of 3')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Shipping method' })).toBeVisible();
    await fillInformation(page);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await paid(page);
    // What was bought left the cart: the badge is empty, here and after Continue shopping.
    await expectEmptyCartBadge(page);
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(/\/collections\/all/);
    await expectEmptyCartBadge(page);
    expect(watch.leaks()).toEqual([]);
    expect(watch.sent('/api/payment-providers/test-card/tokens').length).toBeGreaterThan(0);
  });

  test('one-page from a product page (buy now)', async ({ page, request }) => {
    await setCheckoutStyle(request, 'one-page');
    const watch = await watchBodies(page);
    await buyNow(page, '/products/wool-beanie');
    await fillInformation(page);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await fillCard(page, GOOD_CARD);
    // A double click is one payment attempt: every order call carries the same idempotency key.
    await page.getByRole('button', { name: 'Complete order' }).dblclick();
    await paid(page);
    const keys = watch.sent('/api/payment/create-order').map((body) => body.idempotencyKey);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(watch.leaks()).toEqual([]);
  });

  test('one-page /checkout starts a checkout from the cart and takes its address', async ({ page, request }) => {
    await setCheckoutStyle(request, 'one-page');
    await addToCart(page, '/products/linen-shirt');
    await page.goto('/checkout');
    await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
    await hydrated(page);
    await expect(page.locator('.summary-line__title')).toContainText(['Linen Shirt']);
  });

  test('one-page cart: the cart lines above the form, paid with the test card', async ({ page, request }) => {
    await setCheckoutStyle(request, 'one-page-cart');
    const watch = await watchBodies(page);
    await fromCart(page);
    await page.waitForURL(/\/cart\/checkout\?token=[0-9a-f]{32}/);
    await hydrated(page);
    await expect(page.locator('.checkout-cart .cart__line')).toHaveCount(1);
    await fillInformation(page);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await paid(page);
    // What was bought left the cart: the badge is empty, here and after Continue shopping.
    await expectEmptyCartBadge(page);
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(/\/collections\/all/);
    await expectEmptyCartBadge(page);
    expect(watch.leaks()).toEqual([]);
    expect(watch.sent('/api/payment-providers/test-card/tokens').length).toBeGreaterThan(0);
  });
});
