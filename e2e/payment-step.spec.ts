// Issue 23 (items 3, 4, 5, 9): the payment step offers the methods that fit the shopper's country and
// currency, with logos, the chosen one's fields right under it; the country is the visitor's; the
// cheapest way of shipping is chosen; nothing moves when the script arrives (the express row is the
// server's); a one-page checkout never says "calculated at the next step". At 375 and 1280 px, in
// English and Dutch.
import type { Page } from '@playwright/test';
import { addToCart, fillInformation } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

/** Records the page's layout shifts (those not caused by the shopper's input) from its first paint. */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    // What arrives after hydration (the deferred sections, the express row) has had its time to show.
    await page.waitForTimeout(1500);
    return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  };
}

/** The prices of the ways of shipping listed, and the price of the one chosen. */
async function shippingPrices(page: Page) {
  const rows = page.locator('label.choice:has(input[name="shippingTemplateId"])');
  await expect(rows.first()).toBeVisible();
  const priced = await rows.evaluateAll((labels) =>
    labels.map((label) => ({
      price: Number((label.querySelector('.choice__price')?.textContent ?? '').replace(/[^0-9]/g, '')),
      checked: (label.querySelector('input') as HTMLInputElement).checked,
    })),
  );
  return { all: priced.map((p) => p.price), chosen: priced.find((p) => p.checked)?.price };
}

for (const width of [375, 1280]) {
  test.describe(`payment step at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('English, US shopper: the visitor’s country, cheapest shipping, no iDEAL/BLIK/OXXO, card fields under the card, no layout shift', async ({
      page,
    }) => {
      await addToCart(page);
      await page.goto('/cart');
      await hydrated(page);
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
      // The checkout's own load, as a shopper coming back to it (or a link) has it.
      const shift = await watchLayoutShift(page);
      await page.goto(page.url());
      await hydrated(page);
      // The express row is in the server's page: nothing pushes the form down.
      await expect(page.getByRole('heading', { name: 'Express checkout' })).toBeVisible();
      expect(await shift()).toBeLessThanOrEqual(0.02);
      // The visitor (en-US) is in the United States, not in the first country of the list.
      await expect(page.getByLabel('Country/region')).toHaveValue('US');
      await fillInformation(page);
      await page.getByRole('button', { name: 'Continue to shipping' }).click();
      await page.waitForURL(/\/checkout\/shipping/);
      await hydrated(page);
      const { all, chosen } = await shippingPrices(page);
      expect(all.length).toBeGreaterThan(1);
      expect(chosen).toBe(Math.min(...all));
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/checkout\/payment/);
      await hydrated(page);

      const methods = page.getByRole('radio', { name: /./ }).and(page.locator('input[name="paymentMethod"]'));
      await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
      for (const name of ['iDEAL', 'BLIK', 'OXXO', 'Bancontact', 'Swish', 'AsiaBill card'])
        await expect(page.getByRole('radio', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: 'PayPal', exact: true })).toBeVisible();
      expect(await methods.count()).toBeLessThan(12);
      // Each method shows its logo; its name stays the text.
      const card = page.locator('li', { has: page.getByRole('radio', { name: 'Credit or debit card' }) });
      await expect(card.locator('img[src="/media/pay-visa.svg"]')).toBeVisible();
      // The card's fields open right under the card option, not below the whole list.
      const number = card.getByLabel('Card number');
      await expect(number).toBeVisible();
      const radioBox = (await page.getByRole('radio', { name: 'Credit or debit card' }).boundingBox())!;
      const fieldBox = (await number.boundingBox())!;
      expect(fieldBox.y - radioBox.y).toBeGreaterThan(0);
      expect(fieldBox.y - radioBox.y).toBeLessThan(150);
      // Another method chosen: its own row opens, the card's closes.
      await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await page.getByRole('radio', { name: 'Credit or debit card' }).focus();
      await page.keyboard.press('ArrowDown');
      await expectNoAxeViolations(page);
    });

    test('Dutch, in euros: the Netherlands by default, iDEAL offered with its bank picker right under it', async ({ page }) => {
      await addToCart(page);
      await page.goto('/cart?lang=nl&currency=EUR');
      await hydrated(page);
      await page.getByRole('button', { name: 'Afrekenen' }).click();
      await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
      const shift = await watchLayoutShift(page);
      await page.goto(page.url());
      await hydrated(page);
      expect(await shift()).toBeLessThanOrEqual(0.02);
      await expect(page.locator('#checkout-shippingAddress-country')).toHaveValue('NL');
      await page.locator('#checkout-email').fill('ada@example.nl');
      await page.locator('#checkout-shippingAddress-firstName').fill('Ada');
      await page.locator('#checkout-shippingAddress-lastName').fill('de Vries');
      await page.locator('#checkout-shippingAddress-address1').fill('Damrak 1');
      await page.locator('#checkout-shippingAddress-city').fill('Amsterdam');
      await page.locator('#checkout-shippingAddress-zip').fill('1012 LG');
      await page.locator('#checkout-shippingAddress-phone').fill('20 555 0100');
      await page.locator('#checkout-shippingAddress-phone').blur();
      await page.getByRole('button', { name: 'Verder naar verzending' }).click();
      await page.waitForURL(/\/checkout\/shipping/);
      await hydrated(page);
      const { all, chosen } = await shippingPrices(page);
      expect(chosen).toBe(Math.min(...all));
      await page.getByRole('button', { name: 'Verder naar betaling' }).click();
      await page.waitForURL(/\/checkout\/payment/);
      await hydrated(page);
      await expect(page.getByRole('radio', { name: 'BLIK', exact: true })).toHaveCount(0);
      const ideal = page.getByRole('radio', { name: 'iDEAL', exact: true });
      await ideal.check();
      const row = page.locator('li', { has: ideal });
      await expect(row.locator('img[src="/media/pay-ideal.svg"]')).toBeVisible();
      const bank = row.locator('#checkout-bank');
      await expect(bank).toBeVisible();
      const gap = (await bank.boundingBox())!.y - (await ideal.boundingBox())!.y;
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThan(150);
      await expectNoAxeViolations(page);
    });

    test('one-page (the funnel’s checkout): no "next step", the visitor’s country, one card method', async ({ page }) => {
      const shift = await watchLayoutShift(page);
      await page.goto('/funnel/summer-linen?pageId=checkout');
      await hydrated(page);
      await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
      expect(await shift()).toBeLessThanOrEqual(0.02);
      await expect(page.getByText(/next step/i)).toHaveCount(0);
      await expect(page.getByLabel('Country/region')).toHaveValue('US');
      await expect(page.getByText('Enter your shipping address').first()).toBeAttached();
      await expect(page.getByRole('radio', { name: 'AsiaBill card' })).toHaveCount(0);
      await fillInformation(page);
      const { all, chosen } = await shippingPrices(page);
      expect(chosen).toBe(Math.min(...all));
      await expect(page.getByText(/next step/i)).toHaveCount(0);
    });
  });
}
