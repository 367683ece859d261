// What a shopper used to a good shop notices (issue 23): the cart badge empties once an order is paid,
// the sidebar filters apply at once (Done only in the phone's drawer), sizes in size order, buttons in
// the page's font, one confirmation of an add that leaves the cart icon in view, and cart lines priced
// after their promotion. At 375 and 1280 px, in English and German.
import type { Page } from '@playwright/test';
import { addToCart, expectEmptyCartBadge, fillCard, fromCart, GOOD_CARD, paid, toPaymentStep } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const cases = [
  { width: 1280, lang: 'en' },
  { width: 375, lang: 'de' },
] as const;

const words = {
  en: { filters: 'Filters', done: 'Done', addToCart: 'Add to cart', buyNow: 'Buy now', added: 'Linen Shirt added to your cart' },
  de: {
    filters: 'Filter',
    done: 'Fertig',
    addToCart: 'In den Warenkorb',
    buyNow: 'Jetzt kaufen',
    added: 'Leinenhemd wurde in deinen Warenkorb gelegt',
  },
};

async function open(page: Page, path: string, width: number, lang: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await hydrated(page);
}

/** The font a control is drawn in, beside the page's own. */
const fontOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { family: style.fontFamily, size: style.fontSize, body: getComputedStyle(document.body).fontFamily };
    });

for (const width of [1280, 375]) {
  test(`at ${width} px the cart badge is empty once the order is paid, and after Continue shopping`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await fromCart(page);
    await page.waitForURL(/\/checkout\/[0-9a-f]{32}/);
    await hydrated(page);
    await toPaymentStep(page);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await paid(page);
    await hydrated(page);
    await expectEmptyCartBadge(page);
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(/\/collections\/all/);
    await expectEmptyCartBadge(page);
  });
}

for (const { width, lang } of cases) {
  const w = words[lang];

  test(`${lang} at ${width} px: filters apply on change beside the grid, with Done only in the phone's drawer`, async ({
    page,
  }) => {
    await open(page, '/collections/hot-sale', width, lang);
    const grid = page.locator('.listing__grid > li');
    await expect(grid).toHaveCount(9);
    if (width >= 768) {
      const filters = page.getByRole('complementary', { name: w.filters });
      await expect(filters.getByRole('button', { name: w.done })).toHaveCount(0);
      await filters.getByLabel(/^Black/).check();
      await expect(page).toHaveURL(/color=black/);
      await expect(grid).not.toHaveCount(9);
      // A price applies once typing rests.
      await filters.locator('input[name="priceMax"]').fill('30');
      await expect(page).toHaveURL(/priceMax=30/);
      await filters.locator('input[name="priceMax"]').fill('');
      await expect(page).not.toHaveURL(/priceMax/);
      await filters.getByLabel(/^Black/).uncheck();
      await expect(page).not.toHaveURL(/color=/);
      await expect(grid).toHaveCount(9);
    } else {
      await page.getByRole('button', { name: w.filters, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: w.filters });
      await drawer.getByLabel(/^(Black|Schwarz)/).check();
      // Nothing moves behind the drawer until Done.
      await page.waitForTimeout(800);
      await expect(page).not.toHaveURL(/color=/);
      await drawer.getByRole('button', { name: w.done }).click();
      await expect(page).toHaveURL(/color=black/);
      await expect(grid).not.toHaveCount(9);
    }
  });

  test(`${lang} at ${width} px: sizes are listed smallest first`, async ({ page }) => {
    await open(page, '/collections/apparel', width, lang);
    if (width < 768) await page.getByRole('button', { name: w.filters, exact: true }).click();
    const sizes = await page
      .locator(width < 768 ? 'dialog[open] input[name="size"]' : '.filters input[name="size"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(sizes.filter((s) => /^x*[sml]$|^xl$/.test(s))).toEqual(['xs', 's', 'm', 'l', 'xl']);
    const numbers = sizes.filter((s) => /^\d+$/.test(s)).map(Number);
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  test(`${lang} at ${width} px: main and secondary buttons are in the page's font, one size`, async ({ page }) => {
    await open(page, '/products/linen-shirt', width, lang);
    const add = await fontOf(page, `.buy-box__actions button:text("${w.addToCart}")`);
    const buy = await fontOf(page, `.buy-box__actions button:text("${w.buyNow}")`);
    expect(add.family).toBe(add.body);
    expect(buy.family).toBe(add.body);
    expect(add.size).toBe(buy.size);
    expect(add.size).not.toBe('13.3333px');
    await open(page, '/collections/hot-sale', width, lang);
    if (width < 768) {
      await page.getByRole('button', { name: w.filters, exact: true }).click();
      const done = await fontOf(page, 'dialog[open] .filters__actions button[type="submit"]');
      expect(done.family).toBe(done.body);
      expect(done.size).toBe(add.size);
    }
    const clear = await fontOf(page, '.filters__actions .button--secondary');
    expect(clear.family).toBe(clear.body);
  });

  test(`${lang} at ${width} px: one confirmation of an add, said aloud, leaving the cart icon in view`, async ({ page }) => {
    await open(page, '/products/linen-shirt', width, lang);
    const live = page.getByRole('status').filter({ hasText: w.added });
    await expect(async () => {
      await page.locator('.buy-box__actions .button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(live).toHaveCount(1);
    await expect(page.locator('.toasts .toast')).toHaveCount(0);
    await expect(page.locator('.site-header__cart-count')).toBeVisible();
    // Nothing lies over the cart icon (the header scrolls with the page: seen from the top).
    const onTop = await page.locator('.site-header__cart').evaluate((link) => {
      window.scrollTo(0, 0);
      const box = link.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return Boolean(top && link.contains(top));
    });
    expect(onTop).toBe(true);
    await expectNoAxeViolations(page);
  });

  test(`${lang} at ${width} px: a discounted cart line shows what it costs now, the full price struck`, async ({ page }) => {
    await addToCart(page, '/products/linen-shirt');
    await open(page, '/cart', width, lang);
    const line = page.locator('.cart__line');
    await line.locator('.quantity__control button').last().click();
    // Two shirts: 2 × 59.00 less 5 %.
    await expect(line.locator('.cart__line-total .price__now')).toHaveText(/112[.,]10/);
    await expect(line.locator('.cart__line-total s')).toHaveText(/118[.,]00/);
    await expectNoAxeViolations(page);
  });
}
