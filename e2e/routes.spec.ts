// The routes issue 26 completes: back navigation keeps a view as it was left, the error page, the
// handle-less forms of the routes, cart permalinks and the idle link prefetch.
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { fullestSku } from './shop-api';

test('going back to a collection puts the shopper where they were in it', async ({ page }) => {
  await page.goto('/collections/all');
  await hydrated(page);
  const card = page.locator('.listing__grid > li').nth(14);
  await card.scrollIntoViewIfNeeded();
  const title = (await card.locator('.product-card__title').textContent())!.trim();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  // The router records the position on scroll (throttled).
  await page.waitForTimeout(300);
  await card.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A new page starts at the top.
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 40);
});

test('going back to a product shows the reviews the shopper had loaded', async ({ page }) => {
  await page.goto('/products/organic-cotton-tee');
  await hydrated(page);
  const reviews = page.locator('.reviews__list > li');
  await expect(reviews).toHaveCount(5);
  await page.getByRole('button', { name: 'Show 5 more reviews' }).click();
  await expect(reviews).toHaveCount(10);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Hot sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hot sale' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Organic Cotton Tee' })).toBeVisible();
  await expect(reviews).toHaveCount(10);
});

test('the error page: its status, the words of a known error, the way home', async ({ page }) => {
  const known = await page.goto('/error?code=5010');
  expect(known?.status()).toBe(404);
  await expect(page).toHaveTitle('This order does not exist.');
  await expect(page.getByRole('heading', { level: 1, name: 'This order does not exist.' })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);

  const plain = await page.goto('/error');
  expect(plain?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
});

test('the handle-less addresses go where a shopper expects', async ({ page }) => {
  await page.goto('/products');
  await expect(page).toHaveURL(/\/collections\/all$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();

  const thankYou = await page.goto('/thankyou');
  expect(thankYou?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track by tracking number' })).toBeVisible();
});

test('a cart permalink fills the cart and shows it', async ({ page, request }) => {
  const sku = await fullestSku(request, 'wool-scarf');
  await page.goto(`/cart/${sku}:2`);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Wool Scarf' })).toHaveValue('2');
});

test.describe('a refused cart permalink', () => {
  // React reports the error its boundary caught (the router's error page), as for any error page.
  test.use({ expectedConsoleErrors: [/The page's call was refused \(noSku, 404\)/] });

  test('a cart permalink naming a SKU the shop lacks says so', async ({ page }) => {
    const response = await page.goto('/cart/999999:1');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('This option does not exist any more.');
    await expect(page.getByRole('heading', { level: 1, name: 'This option does not exist any more.' })).toBeVisible();
    // The browser takes the same page over (no hydration mismatch: the fixture fails on console errors).
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'This option does not exist any more.' })).toBeVisible();
  });
});

test('the pages of the links in view are preloaded once the shopper engages and the page is idle', async ({ page }) => {
  const preloaded: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/multicurrency/products/handle/')) preloaded.push(req.url());
  });
  await page.goto('/collections/hot-sale');
  await hydrated(page);
  // A visitor who only reads costs nothing: no preload before the first sign of engagement.
  await page.waitForTimeout(3_500);
  expect(preloaded).toEqual([]);
  await page.mouse.move(40, 200);
  await expect.poll(() => preloaded.length, { timeout: 10_000 }).toBeGreaterThan(0);
});
