// The multi-step checkout end to end with the test card: from a product page (buy now) and from the
// cart; a declined card shows its message and a second card pays the same checkout; a discount code
// applied and removed; insurance and tip change the total; the steps in English, French and Greek; 375 and
// 1280 px; axe finds nothing on each step. No card number ever reaches another call than the provider's.
// The other checkout styles, which change the site's setting, are in checkout-styles.spec.ts.
import { randomUUID } from 'node:crypto';
import { signed } from './signed';
import type { Page } from '@playwright/test';
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { buyNow, DECLINED_CARD, fillCard, fillInformation, fromCart, GOOD_CARD, paid, watchBodies } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const total = (page: Page) => page.locator('.summary-totals__total dd').innerText();

test('multi-step from a product page (buy now): steps, insurance and tip change the total, pay with the test card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const watch = await watchBodies(page);
  await buyNow(page);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Checkout steps' })).toContainText('Information');
  // The shopper's own page: never indexed, titled in the shopper's language.
  await expect(page).toHaveTitle('Checkout');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // 1280 px: two columns, the summary open on the right of the form.
  await expect(page.getByRole('button', { name: /Show order summary/ })).toBeHidden();
  await expect(page.locator('.summary-lines')).toBeVisible();
  const form = await page.locator('.checkout__main').boundingBox();
  const summary = await page.locator('.checkout-summary').boundingBox();
  expect(summary!.x).toBeGreaterThan(form!.x + form!.width - 1);
  await expectNoAxeViolations(page);

  // Refused with nothing typed: the summary is announced and the first bad field has the focus.
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect(page.locator('.checkout-errors')).toContainText('Please correct the following');
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await fillInformation(page);
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping\?token=/);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page).toHaveTitle('Shipping – Checkout');
  await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
  await expect(page.locator('.summary-totals')).toContainText('Shipping');
  await expectNoAxeViolations(page);

  const before = await total(page);
  await page.getByLabel(/Insure my parcel/).check();
  await expect(page.locator('.summary-totals')).toContainText('Shipping insurance');
  await expect.poll(() => total(page)).not.toBe(before);
  const insured = await total(page);
  await page.getByRole('radio', { name: /^10%/ }).check();
  await expect(page.locator('.summary-totals')).toContainText('Tip');
  await expect.poll(() => total(page)).not.toBe(insured);
  // A custom tip above the shop's maximum is refused beside the field.
  await page.getByRole('radio', { name: 'Custom amount' }).check();
  await page.getByLabel(/Tip amount/).fill('500');
  await page.getByRole('button', { name: 'Add tip' }).click();
  await expect(page.getByText('The tip cannot be more than $100.00')).toBeVisible();

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment\?token=/);
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Same as shipping address' })).toBeChecked();
  await expectNoAxeViolations(page);

  // ?actions=continue goes to the furthest step whose earlier steps are complete.
  const token = new URL(page.url()).searchParams.get('token');
  await page.goto(`/checkout/${token}?actions=continue`);
  await page.waitForURL(/\/checkout\/payment\?token=/);
  await hydrated(page);

  // Back to the shipping step and forward again: nothing lost, the checkout goes on.
  await page.getByRole('link', { name: 'Return to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping\?token=/);
  await expect(page.getByLabel(/Insure my parcel/)).toBeChecked();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment\?token=/);

  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await paid(page);
  // The recorder sees bodies (the card went to the provider's endpoint), and no other body holds the number.
  expect(watch.sent('/api/payment-providers/test-card/tokens').map((b) => b.number)).toContain('4242424242424242');
  expect(watch.sent('/api/payment/create-order').length).toBeGreaterThan(0);
  expect(watch.leaks()).toEqual([]);
});

test.describe('a declined card', () => {
  // The decline is the provider's answer (402), which the browser logs as a failed load.
  test.use({ expectedConsoleErrors: [/status of 402/] });

  test('a declined card shows its message, keeps the details, and a second card pays the same checkout (from the cart)', async ({
    page,
  }) => {
    const watch = await watchBodies(page);
    await fromCart(page);
    await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
    await hydrated(page);
    const token = page.url().split('/').pop();
    await fillInformation(page);
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await page.waitForURL(/\/checkout\/shipping/);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/checkout\/payment/);

    await fillCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await expect(page.locator('.checkout-pay__failure')).toContainText(
      'Your card issuer refused the payment. Please try another card.',
    );
    await expect(page.getByLabel('Card number')).toHaveValue('');
    // The name on the card stays: the shopper types only the card's own details again.
    await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
    expect(page.url()).toContain(`token=${token}`);

    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await paid(page);
    expect(watch.leaks()).toEqual([]);
    expect(watch.sent('/api/payment-providers/test-card/tokens').length).toBeGreaterThan(0);
  });
});

test('a reload keeps what was typed and the token', async ({ page }) => {
  await buyNow(page);
  const url = page.url();
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('First name').fill('Ada');
  await page.reload();
  await hydrated(page);
  expect(page.url()).toBe(url);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ada@example.com');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
});

test.describe('discount code', () => {
  // A code the shop does not know is a 400 (logged by the browser as a failed load).
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('a discount code: required, invalid, WELCOME10 applied and removed', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await buyNow(page);
    // On a phone the summary is folded behind its toggle.
    const toggle = page.getByRole('button', { name: /Show order summary/ });
    await expect(toggle).toBeVisible();
    await expect(page.locator('.summary-lines')).toBeHidden();
    await toggle.click();
    await expect(page.locator('.summary-lines')).toBeVisible();

    const field = page.getByLabel('Discount code', { exact: true });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter the coupon')).toBeVisible();
    await field.fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Enter a valid discount code')).toBeVisible();
    const before = await total(page);
    await field.fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Discount code WELCOME10 applied')).toBeVisible();
    await expect(page.locator('.summary-totals')).toContainText('Discount');
    await expect.poll(() => total(page)).not.toBe(before);
    await page.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
    await expect(page.getByText('Discount code WELCOME10 applied')).toBeHidden();
    await expect.poll(() => total(page)).toBe(before);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

for (const [locale, words] of [
  [
    'fr',
    {
      step1: 'Étape 1 sur 3',
      step2: 'Étape 2 sur 3',
      step3: 'Étape 3 sur 3',
      next: 'Continuer vers la livraison',
      pay: 'Continuer vers le paiement',
    },
  ],
  [
    'el',
    {
      step1: 'Βήμα 1 από 3',
      step2: 'Βήμα 2 από 3',
      step3: 'Βήμα 3 από 3',
      next: 'Συνέχεια στην αποστολή',
      pay: 'Συνέχεια στην πληρωμή',
    },
  ],
] as const) {
  test(`every step in ${locale}, at 375 px, with no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await buyNow(page);
    // The same checkout at its address in that language (issue 28).
    await page.goto(page.url().replace(/^(https?:\/\/[^/]+)/, `$1/${locale}`));
    await hydrated(page);
    await expect(page.getByText(words.step1)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator('#checkout-email').fill('ada@example.com');
    await page.locator('#checkout-shippingAddress-country').selectOption('US');
    await page.locator('#checkout-shippingAddress-firstName').fill('Ada');
    await page.locator('#checkout-shippingAddress-lastName').fill('Lovelace');
    await page.locator('#checkout-shippingAddress-address1').fill('1 Market Street');
    await page.locator('#checkout-shippingAddress-city').fill('San Francisco');
    await page.locator('#checkout-shippingAddress-province').selectOption('CA');
    await page.locator('#checkout-shippingAddress-zip').fill('94103');
    await page.locator('#checkout-shippingAddress-phone').fill('415 555 0100');
    await page.getByRole('button', { name: words.next }).click();
    await expect(page.getByText(words.step2)).toBeVisible();
    await expect(page.locator('input[name="shippingTemplateId"]').first()).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: words.pay }).click();
    await expect(page.getByText(words.step3)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test.describe('a line sold out while paying', () => {
  // The order call answers 409 (5003): the browser logs it as a failed load.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('goes to the sold-out notice', async ({ page, request }) => {
    // The last units of a SKU: two checkouts hold them all; the first one paid, the second finds them
    // gone. (The SKU with the fewest left that still has some, so a retry finds another.)
    const product = (await (await request.get('/api/multicurrency/products/handle/hooded-sweatshirt')).json()).data;
    const sku = (product.skus as { id: number; stock: number }[])
      .filter((s) => s.stock > 0)
      .reduce((fewest, s) => (s.stock < fewest.stock ? s : fewest));
    const visitor = { customerUUID: '5b0c7a0e-2f4e-4c55-9f0e-4d2b8f1c9a01' };
    const start = async () =>
      (
        await (
          await request.post('/api/multicurrency/general/checkout', {
            headers: visitor,
            data: { buyNow: { skuId: sku.id, quantity: sku.stock } },
          })
        ).json()
      ).data.token as string;
    const [first, second] = [await start(), await start()];
    const shippingAddress = TEST_ADDRESS;
    for (const token of [first, second]) {
      const saved = await request.post('/api/multicurrency/asyncPayInfoSave', {
        data: { token, email: 'ada@example.com', shippingAddress, shippingTemplateId: 1 },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    const card = await request.post('/api/payment-providers/test-card/tokens', {
      data: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
    });
    const body = {
      checkoutToken: first,
      paymentMethodCode: 'card',
      paymentToken: (await card.json()).data.token,
      idempotencyKey: randomUUID(),
    };
    const paid = await request.post(signed('/api/payment/create-order', body), { data: body });
    expect(paid.ok(), await paid.text()).toBe(true);

    await page.goto(`/checkout/payment?token=${second}`);
    await hydrated(page);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(/\/checkout\/soldOut\?token=/);
    await expect(page.getByText('Some items are no longer available. Your cart has been updated.')).toBeVisible();
  });
});

test('a country chosen before the saved drafts load stays chosen (the visitor country is only a first guess)', async ({
  page,
}) => {
  // The drafts module comes late (a slow phone): the shopper has chosen and typed already.
  await page.route(/\/assets\/checkout-draft-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto('/products/linen-shirt?lang=de');
  await hydrated(page);
  await fromCartInGerman(page);
  const country = page.getByLabel('Land/Region');
  await expect(country).toHaveValue('DE');
  await country.selectOption('US');
  await page.getByLabel('Vorname', { exact: true }).fill('Ada');
  // Once the module has come and run, the German guess has not replaced the shopper's choice.
  await page.waitForResponse(/\/assets\/checkout-draft-[\w-]+\.js$/);
  await page.waitForTimeout(500);
  await expect(country).toHaveValue('US');
  await expect(page.getByLabel('Vorname', { exact: true })).toHaveValue('Ada');
});

/** The German cart's checkout button, after the product is added (the buy box hydrates in its own boundary). */
async function fromCartInGerman(page: Page) {
  await expect(async () => {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shopping-carts' && r.request().method() === 'POST', {
        timeout: 2_000,
      }),
      page.getByRole('button', { name: 'In den Warenkorb' }).click(),
    ]);
    expect(answer.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await page.goto('/cart');
  await hydrated(page);
  await page.locator('main').getByRole('button', { name: 'Zur Kasse' }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
}
