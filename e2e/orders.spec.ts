// After the cart: the small-cart popup (keyboard and pointer), tracking by a seeded tracking number, the
// thank-you page of an order bought through the API and its tracking, the sold-out notice; axe finds
// nothing on each at 375 and 1280 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { apiData, readyCheckout } from './shop-api';
import { signed } from './signed';

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The product page with its buy box live (it hydrates in its own boundary, after the page). */
async function openProduct(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(async () => {
    if ((await quantity.inputValue()) === '1') await page.getByRole('button', { name: 'One more' }).click();
    await expect(quantity).toHaveValue('2', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** Buys Linen Shirt through the API as a new visitor (cart, checkout, details, card token, order). */
async function buyThroughApi(request: APIRequestContext): Promise<{ orderNumber: string; next: string }> {
  const headers = { customerUUID: randomUUID() };
  const token = await readyCheckout(request, { visitor: headers.customerUUID, fromCart: true });
  const card = await apiData<{ token: string }>(
    await request.post('/api/payment-providers/test-card/tokens', {
      headers,
      data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
    }),
  );
  const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken: card.token, idempotencyKey: randomUUID() };
  const outcome = await apiData<{ status: string; orderNumber: string; next: string }>(
    await request.post(signed('/api/payment/create-order', body, headers.customerUUID), { headers, data: body }),
  );
  expect(outcome.status).toBe('paid');
  return outcome;
}

test('add to cart shows the small-cart popup: Escape, the close button and a click outside close it, focus comes back', async ({
  page,
}) => {
  await openProduct(page, '/products/linen-shirt');
  // Eight shirts go in: size M, whose stock the purchases of other specs (size S) leave alone.
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.click();
  const popup = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Linen Shirt');
  await expect(popup).toContainText('Quantity: 2');
  await expect(popup).toContainText(/Items in your cart\s*2/);
  await expect(popup).toContainText(/Subtotal\s*\$118\.00/);
  await expect(popup).toHaveAttribute('aria-modal', 'true');
  // Focus is inside, and Tab stays inside.
  await expect(popup).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(add).toBeFocused();

  // From the keyboard: Enter on the button opens it again; its close button closes it.
  await add.press('Enter');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/Items in your cart\s*4/);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(add).toBeFocused();

  await add.click();
  await expect(popup).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Linen Shirt' }).click();
  await expect(popup).toBeHidden();

  // View cart goes to the cart.
  await add.click();
  await popup.getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(popup).toBeHidden();
});

test('tracking by a seeded tracking number: the events newest first, the carrier delay, a clear not-found', async ({ page }) => {
  await page.goto('/track');
  await hydrated(page);
  await expect(page.getByText('Carrier data may be delayed 3–5 days.')).toBeVisible();
  const field = page.getByLabel('Tracking number', { exact: true });
  await field.fill('VGTRACK0001');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track\?number=VGTRACK0001$/);
  const events = page.locator('.tracking__events > li');
  await expect(events).toHaveCount(3);
  await expect(events.first()).toContainText('Reno, NV');
  await expect(events.first()).toContainText('Shipped');
  await expect(events.last()).toContainText('Packed, ready to ship');
  await expect(events.last()).toContainText('Oakland, CA');
  await expect(page.getByText('UPS')).toBeVisible();
  const dates = await page.locator('.tracking__events time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
  expect(dates).toEqual([...dates].sort().reverse());

  await page.getByLabel('Tracking number', { exact: true }).fill('VGNOPE9999');
  await page.getByRole('button', { name: 'Track' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'No shipment has the tracking number VGNOPE9999' });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel('Tracking number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.tracking__events')).toHaveCount(0);
});

test('the thank-you page of an order paid through the API, and its tracking', async ({ page, request }) => {
  const { orderNumber, next } = await buyThroughApi(request);
  await page.goto(next);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Ada!' })).toBeVisible();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  const main = page.locator('main');
  await expect(main).toContainText(/Payment\s*Paid/);
  await expect(main).toContainText(/Delivery\s*Being prepared/);
  await expect(main).toContainText('ada@example.com');
  await expect(main).toContainText('1 Market Street');
  await expect(main).toContainText('Visa ending in 4242');
  await expect(main).toContainText('Linen Shirt');
  await expect(main).toContainText(/Total\s*\$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Carrier data may be delayed 3–5 days.')).toBeVisible();
});

test('an order link that names no order says so', async ({ page }) => {
  await page.goto('/thankyou/0123456789abcdef0123456789abcdef');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track by tracking number' })).toBeVisible();
});

test('/checkout/soldOut is the sold-out notice, with the way back to the cart and the checkout', async ({ page }) => {
  const token = '0123456789abcdef0123456789abcdef';
  await page.goto(`/checkout/soldOut?token=${token}`);
  await hydrated(page);
  await expect(page.getByText('Some items are no longer available. Your cart has been updated.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', `/checkout/${token}`);
  await page.getByRole('link', { name: 'View your cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
});

const AXE_PAGES: [string, (request: APIRequestContext) => Promise<string>][] = [
  ['thank-you', async (request) => (await buyThroughApi(request)).next],
  ['tracking form', async () => '/track'],
  ['tracking events', async () => '/track?number=VGTRACK0002'],
  ['tracking not found', async () => '/track?number=NOPE'],
  ['sold out', async () => '/checkout/soldOut?token=0123456789abcdef0123456789abcdef'],
];

for (const width of [375, 1280]) {
  for (const [name, path] of AXE_PAGES) {
    test(`${name} at ${width} px: nothing wider than the screen, axe finds no violations`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(await path(request));
      await hydrated(page);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  test(`the small-cart popup at ${width} px: inside the screen, axe finds no violations`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openProduct(page, '/products/wool-beanie');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const popup = page.getByRole('dialog', { name: 'Added to your cart' });
    await expect(popup.getByText(/Subtotal/)).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expectNoSideScroll(page);
    await expectNoAxeViolations(page);
  });
}
