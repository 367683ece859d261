// Pay later (Klarna / Afterpay / Zip style, spec section 9) in Chromium: the buy box notes each pay-later
// method's plan of the price shown; the checkout's panel shows the plan of the checkout's total (4
// payments today and in 2, 4 and 6 weeks; Zip's one payment in 30 days); paying with Klarna leads to the
// provider's page with the plan and its due dates, and approving it to the thank-you page. Axe finds
// nothing on the checkout panel and the provider's page.
import { toPaymentStep } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

/** Cents of an amount written like $1,234.56. */
const cents = (text: string) => Math.round(Number(/([0-9][0-9,]*\.[0-9]{2})/.exec(text)![1]!.replace(/,/g, '')) * 100);

test('the buy box notes the plan of the price shown for each pay-later method', async ({ page }) => {
  await page.goto('/products/linen-shirt');
  await hydrated(page);
  const price = cents(await page.locator('.buy-box__price').innerText());
  const notes = page.locator('.buy-box__pay-later li');
  await expect(notes).toHaveCount(3);
  const klarna = await notes.filter({ hasText: 'with Klarna' }).innerText();
  expect(klarna).toMatch(/^or 4 interest-free payments (of|with Klarna:) /);
  // The parts of the note add up to the price: 4 equal ones, or the first taking the remainder.
  const amounts = [...klarna.matchAll(/[$€£][0-9][0-9,]*\.[0-9]{2}/g)].map((m) => cents(m[0]));
  const [first, rest] = amounts.length === 1 ? [amounts[0]!, amounts[0]!] : [amounts[0]!, amounts[1]!];
  expect(first + 3 * rest).toBe(price);
  await expect(notes.filter({ hasText: 'with Afterpay' })).toHaveText(klarna.replace('Klarna', 'Afterpay'));
  await expect(notes.filter({ hasText: 'Zip' })).toHaveText('Pay later with Zip: interest-free for 30 days');
});

test('checkout: the plan of the total in the panel, then Klarna’s page with the plan, approved: thank-you', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/products/organic-cotton-tee');
  await hydrated(page);
  const buyNow = page.locator('.buy-box__actions .button--secondary');
  await expect(async () => {
    await buyNow.click();
    await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/, { timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await hydrated(page);
  await toPaymentStep(page);
  const total = cents(await page.locator('.summary-totals__total dd').innerText());

  // Zip: the whole total in 30 days.
  await page.getByRole('radio', { name: 'Zip' }).check();
  const plan = page.getByTestId('pay-later-plan');
  await expect(plan).toHaveText(/^Pay [$€£][0-9,.]+ in 30 days, interest-free$/);
  expect(cents(await plan.innerText())).toBe(total);

  // Klarna: 4 payments today and in 2, 4 and 6 weeks, adding up to the total.
  await page.getByRole('radio', { name: 'Klarna' }).check();
  const parts = page.getByRole('list', { name: '4 interest-free payments' }).getByRole('listitem');
  await expect(parts).toHaveCount(4);
  const texts = await parts.allInnerTexts();
  expect(texts.map((t) => t.split(/\s*[$€£]/)[0]!.trim())).toEqual(['Today', 'In 2 weeks', 'In 4 weeks', 'In 6 weeks']);
  const amounts = texts.map(cents);
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
  expect(new Set(amounts.slice(1)).size).toBe(1);
  await expect(page.getByText('no interest and no fees')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Complete order' }).click();
  await page.waitForURL(/\/api\/payment-providers\/test-pay-later\/pay\/pl_[0-9a-f]+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pay in 4 interest-free instalments' })).toBeVisible();
  await expect(page.getByText('Klarna · test pay later')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Payment schedule' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Today');
  const scheduled = (await rows.locator('td:last-child').allInnerTexts()).map(cents);
  expect(scheduled).toEqual(amounts);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 15_000 });
});
