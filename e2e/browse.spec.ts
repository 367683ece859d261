import { expect, hydrated, test } from './fixtures';

test('a shopper browses home → collection (sort, filter, clear) → product (options) → adds to cart', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Hot sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hot sale' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '9 products' })).toBeVisible();

  // Sort: the URL holds it, and the cheapest product comes first.
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  const firstTitle = page.locator('.listing__grid .product-card__title').first();
  await expect(firstTitle).toHaveText('Notebook Set');

  // Filter by colour (the sidebar applies it at once), then clear every filter.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByLabel(/^Black/).check();
  await expect(page).toHaveURL(/color=black/);
  const count = page.locator('.listing__count');
  await expect(count).not.toHaveText('9 products');
  const filtered = await page.locator('.listing__grid > li').count();
  expect(filtered).toBeLessThan(9);
  await expect(count).toHaveText(filtered === 1 ? '1 product' : `${filtered} products`);
  await filters.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).not.toHaveURL(/color=/);
  await expect(page.locator('.listing__grid > li')).toHaveCount(9);
  await expect(filters.getByLabel(/^Black/)).not.toBeChecked();
  // A link reproduces the view.
  await page.goto('/collections/hot-sale?sort=price-asc&color=black');
  await expect(page.locator('.listing__grid > li')).toHaveCount(filtered);

  // Product: choosing a colour changes the image; choosing a size changes the price shown.
  await page.goto('/collections/hot-sale');
  await hydrated(page);
  await page.getByRole('link', { name: 'Linen Shirt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeVisible();
  const mainImage = page.locator('.gallery__main img');
  await expect(mainImage).toHaveAttribute('src', /linen-shirt-sand/);
  await page.locator('label.chip', { hasText: 'Sage' }).click();
  await expect(mainImage).toHaveAttribute('src', /linen-shirt-sage/);
  await expect(page).toHaveURL(/variant=\d+/);

  await page.goto('/products/insulated-water-bottle');
  await hydrated(page);
  const price = page.locator('.buy-box__price');
  const before = await price.textContent();
  await page.locator('label.chip', { hasText: 'Sky' }).click();
  await expect(price).not.toHaveText(before!);

  // Add to cart: the header count rises and the popup says so (read out by its live region).
  const cart = page.getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toBeVisible();
  await expect(cart).toHaveAccessibleName('Cart, 1 item');
  await cart.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Insulated Water Bottle' })).toBeVisible();
});

test('the toast closes by itself after 3 seconds', async ({ page }) => {
  // An add is confirmed by the cart popup alone; taking a line out of the cart is told by a toast.
  await page.goto('/products/wool-beanie');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/cart');
  await hydrated(page);
  await page
    .getByRole('button', { name: /^Remove/ })
    .first()
    .click();
  const toast = page.locator('.toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveCount(0, { timeout: 4500 });
});

test('reviews: sort by newest and show more', async ({ page }) => {
  await page.goto('/products/linen-shirt');
  await hydrated(page);
  const reviews = page.locator('.reviews__list > li');
  await expect(reviews).toHaveCount(5);
  await page.getByRole('button', { name: 'Show 5 more reviews' }).click();
  await expect(reviews).toHaveCount(10);
  await page.getByLabel('Sort reviews').selectOption('newest');
  await expect(reviews).toHaveCount(5);
  const dates = await page.locator('.reviews__list time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
  expect(dates).toEqual([...dates].sort().reverse());
});

test('search finds products, counts them, and says so when nothing matches', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('search').first().getByRole('combobox').fill('wool');
  await page.getByRole('search').first().getByRole('combobox').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “wool”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wool Beanie' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ products?$/ })).toBeVisible();
  await page.goto('/search?q=qqqqzzz');
  await expect(page.getByText('Nothing matches “qqqqzzz”')).toBeVisible();
});

test('switching language and currency changes every visible string and price', async ({ page }) => {
  await page.goto('/products/linen-shirt');
  await hydrated(page);
  await expect(page.locator('.buy-box__price')).toContainText('$59.00');
  const preferences = page.locator('#header-preferences');
  await preferences.locator('summary').click();
  await preferences.getByLabel('Language', { exact: true }).selectOption('fr');
  await preferences.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await preferences.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Chemise en lin' })).toBeVisible();
  await expect(page.locator('.buy-box__price')).toContainText('54,28 €');
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  await expect(page.getByText('Satisfait ou remboursé pendant 30 jours')).toBeVisible();
  // No English left in the interface (product texts come from the catalog, in French too).
  const text = await page.locator('body').innerText();
  for (const english of ['Add to cart', 'Reviews', 'Quantity', 'You may also like', 'Free delivery on all items', 'In stock']) {
    expect(text).not.toContain(english);
  }
  // Remembered on the next page, and on client navigation.
  await page.goto('/collections/hot-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await expect(page.locator('.price').first()).toContainText('€');
});
