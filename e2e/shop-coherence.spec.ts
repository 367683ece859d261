// Issue 23, items 2, 10, 13, 14 and 16, as a shopper sees them at 375 and 1280 px, in English and one
// other language: the free-delivery promise names the spend the checkout makes it free from; the funnel
// landing shows the shirt's photo and price, its checkout's summary lists what is bought; the pages fit
// a phone (no sideways scrolling, checkboxes that keep their size in Greek, the countdown on one row, the
// German volume table inside the page, the offer centred); the thank-you page writes a US address as
// the US does; the pending page shows the payment's steps and the order's summary.
import type { Page } from '@playwright/test';
import { fillCard, fillInformation, GOOD_CARD } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { CURRENCY_COOKIE } from '../renderer/state/cookies';
import { DUTCH_ADDRESS } from '../test-support/server/test-address';
import { apiData, readyCheckout } from './shop-api';
import { E2E_ORIGIN } from './signed';

const WIDTHS = [375, 1280] as const;

// Checkouts and payments take their time on a shared machine: the form arrives after the page.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 30_000 };

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(inner);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the footer promises free delivery from the spend checkout makes it free from', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Free delivery from $75.00');
      await expect(footer).toContainText('Standard delivery is free on orders of $75.00 or more.');
      await expect(footer).not.toContainText('however small');
      await page.goto('/?lang=de');
      await expect(page.getByRole('contentinfo')).toContainText('Kostenlose Lieferung ab');
    });

    for (const lang of ['en', 'fr'] as const) {
      test(`funnel landing in ${lang}: the shirt's photo and catalog price, the countdown on one row`, async ({
        page,
        request,
      }) => {
        const product = await apiData<{ skus: { price: { amount: number } }[] }>(
          await request.get('/api/multicurrency/products/handle/linen-shirt'),
        );
        const lowest = Math.min(...product.skus.map((s) => s.price.amount));
        await page.goto(`/funnel/summer-linen?lang=${lang}`);
        await hydrated(page);
        const featured = page.locator('.featured-product');
        const photo = featured.locator('img');
        await expect(photo).toBeVisible();
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await expect(featured.getByRole('heading', { level: 2 })).toHaveText(lang === 'en' ? 'Linen Shirt' : 'Chemise en lin');
        // The server's price, not one typed into the page.
        const major = (lowest / 100).toFixed(2);
        await expect(featured.locator('.featured-product__price')).toContainText(major);
        // Days to milliseconds side by side.
        const tops = await page
          .locator('.countdown__group')
          .evaluateAll((groups) => groups.map((g) => g.getBoundingClientRect().top));
        // The landing's countdown: hours to milliseconds.
        expect(tops.length).toBeGreaterThanOrEqual(4);
        expect(new Set(tops).size).toBe(1);
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      });
    }

    test('funnel checkout: the summary lists the product bought, with photo, options, quantity and price', async ({ page }) => {
      await page.goto('/funnel/summer-linen?pageId=checkout');
      await hydrated(page);
      await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible(SLOW);
      const summary = page.locator('.checkout-summary');
      if (width < 1024) await summary.getByRole('button', { name: 'Show order summary' }).click();
      const line = summary.locator('.summary-line').first();
      await expect(line).toContainText('Linen Shirt');
      await expect(line).toContainText('Quantity: 1');
      await expect(line).toContainText(/Colour: \w+/);
      await expect(line.locator('img')).toBeVisible();
      await expect(line.locator('.summary-line__total')).toHaveText(/\$\d+\.\d\d/);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the offer after paying is centred in the window', async ({ page }) => {
      await page.goto('/funnel/summer-linen?pageId=checkout');
      await hydrated(page);
      // The tee, not the preselected shirt: the specs share one shop, and others buy the shirt's first size.
      await expect(page.getByLabel('ZIP/postal code')).toBeVisible(SLOW);
      await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
      await fillInformation(page);
      await fillCard(page, GOOD_CARD);
      await page.getByRole('button', { name: 'Complete order' }).click();
      await page.waitForURL(/pageId=socks&order=[0-9a-f]{32}$/, { timeout: 60_000 });
      await hydrated(page);
      const offer = page.locator('.offer').first();
      await expect(offer.getByRole('button', { name: 'Yes, add it to my order' })).toBeVisible(SLOW);
      for (const part of [offer, offer.locator('.offer__product'), offer.locator('.offer__answers')]) {
        const box = (await part.boundingBox())!;
        const right = width - (box.x + box.width);
        expect(Math.abs(box.x - right), `left ${box.x}, right ${right}`).toBeLessThanOrEqual(2);
      }
      // On a phone the product's name, price and time left sit centred under its photo.
      if (width < 768) expect(await offer.locator('.offer__facts').evaluate((e) => getComputedStyle(e).textAlign)).toBe('center');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('German product page: the volume-discount table stays inside the page', async ({ page }) => {
      await page.goto('/products/linen-shirt?lang=de');
      const table = page.locator('.volume__table');
      await expect(table).toBeVisible();
      const box = (await table.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expectNoSidewaysScroll(page);
    });

    test('Greek checkout: checkboxes keep their size when their labels wrap', async ({ page, request }) => {
      const token = await readyCheckout(request);
      await page.goto(`/checkout/${token}?lang=el`);
      await hydrated(page);
      const boxes = page.locator('input[type="checkbox"]:visible');
      expect(await boxes.count()).toBeGreaterThan(0);
      for (const size of await boxes.evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect())))
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(20);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('thank-you: the US address as the US writes it (city, state ZIP)', async ({ page, request }) => {
    const token = await readyCheckout(request);
    await page.goto(`/checkout/payment?token=${token}`);
    await hydrated(page);
    await page.getByRole('radio', { name: /card/i }).first().check();
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 60_000 });
    const address = page.locator('address').first();
    await expect(address).toContainText('San Francisco, CA 94103');
    await expect(address).not.toContainText('94103 San Francisco');
    await expectNoSidewaysScroll(page);
  });

  for (const lang of ['en', 'de'] as const) {
    test(`payment pending in ${lang}: the steps, the current one marked, and the order's summary`, async ({ page, request }) => {
      // iDEAL is a Dutch bank's: the order ships to the Netherlands, in euros (the page in euros too).
      const token = await readyCheckout(request, { address: DUTCH_ADDRESS, currency: 'EUR', shippingTemplateId: 4 });
      await page.context().addCookies([{ name: CURRENCY_COOKIE, value: 'EUR', url: E2E_ORIGIN }]);
      await page.goto(`/checkout/payment?token=${token}`);
      await hydrated(page);
      await expect(page.getByRole('radio', { name: 'iDEAL' })).toBeVisible(SLOW);
      await page.getByRole('radio', { name: 'iDEAL' }).check();
      await page.getByLabel('Your bank').selectOption({ label: 'ING' });
      await page.getByRole('button', { name: 'Complete order' }).click();
      await page.waitForURL(/\/api\/payment-providers\/test-bank\/pay\//, SLOW);
      await page.getByRole('button', { name: 'Authorize payment' }).click();
      await page.waitForURL(/\/payment\/pending\?order=[0-9a-f]{32}$/, SLOW);
      if (lang !== 'en') await page.goto(`${page.url()}&lang=${lang}`);
      // axe reads a settled page: hydrated, not a document React is still taking over.
      await hydrated(page);
      const words =
        lang === 'en'
          ? { label: 'Payment progress', current: 'Confirming payment', summary: 'Order summary' }
          : { label: 'Zahlungsfortschritt', current: 'Zahlung wird bestätigt', summary: 'Bestellübersicht' };
      const steps = page.getByRole('list', { name: words.label });
      await expect(steps.getByRole('listitem')).toHaveCount(3);
      await expect(steps.locator('[aria-current="step"]')).toContainText(words.current);
      await expect(page.getByRole('main').getByRole('status')).toBeVisible();
      const summary = page.getByRole('region', { name: words.summary });
      await expect(summary).toContainText('Linen');
      await expect(summary.locator('img').first()).toBeVisible();
      await expect(summary).toContainText(/\d+[.,]\d\d/);
      await expectNoSidewaysScroll(page);
      // The page as it stands after its first status poll (the document settled, its heading drawn).
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
