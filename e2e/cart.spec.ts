// The cart page: quantities change at once and the server's totals follow, promotions and hints show,
// a line can be taken out, the empty cart says so; at 375 and 1280 px, axe finds nothing.
import { addToCart } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

test('change a quantity, see the promotion and hints follow, take the line out', async ({ page }) => {
  await addToCart(page, '/products/linen-shirt');
  await page.goto('/cart');
  await hydrated(page);
  const line = page.locator('.cart__line');
  await expect(line).toHaveCount(1);
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' })).toHaveValue('1');
  // One shirt: no promotion yet, and a hint says how to get one.
  await expect(page.getByRole('region', { name: 'Offers for your cart' })).toContainText('Add 1 more item to get 5% off');

  await page.getByRole('button', { name: 'One more' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' })).toHaveValue('2');
  await expect(page.getByRole('link', { name: /^Cart, 2 items/ })).toBeVisible();
  // The server's answer brings the promotion (5 % for two, then 10 % of a spend over $100).
  await expect(page.locator('.cart__saving')).toContainText('Promotion');
  await expect(page.locator('.cart__line-saving')).toContainText('You save');
  await expect(page.getByRole('region', { name: 'Offers for your cart' })).toContainText('Add 1 more item to get 10% off');

  await page.getByRole('button', { name: 'Remove Linen Shirt from your cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Linen Shirt removed from your cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
});

test('the quantity field of the /cart1 variant keeps to what can be had', async ({ page }) => {
  await addToCart(page, '/products/canvas-sneakers');
  await page.goto('/cart1');
  await hydrated(page);
  const quantity = page.getByRole('spinbutton', { name: /^Quantity of Canvas Sneakers/ });
  const max = Number(await quantity.getAttribute('max'));
  await expect(page.getByRole('button', { name: 'One more' })).toBeEnabled();
  await quantity.fill(String(max + 5));
  // The field keeps to what can be had.
  await expect(quantity).toHaveValue(String(max));
});

test('a free gift: what more to spend, the choice once the cart reaches it, the gift line, taken out', async ({ page }) => {
  await addToCart(page, '/products/linen-shirt');
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Free gift' })).toContainText(
    'Spend $41.00 more to get a free gift (Free tote bag over $100)',
  );
  // Two shirts: 100.89 after promotions, over the gift's $100.00.
  await page.getByRole('button', { name: 'One more' }).click();
  const choices = page.getByRole('group', { name: 'Choose your free gift' });
  await expect(choices).toBeVisible();
  await choices.getByRole('radio', { name: /Black/ }).check();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add my free gift' }).click();
  const chosen = page.getByRole('region', { name: 'Your free gift' });
  await expect(chosen).toContainText('Canvas Tote Bag');
  await expect(chosen).toContainText('Colour: Black');
  await expect(chosen).toContainText('Free');
  await expect(page.getByRole('status').filter({ hasText: 'Canvas Tote Bag added as your free gift' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove the free gift Canvas Tote Bag from your cart' }).click();
  await expect(choices).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your free gift' })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`a full cart at ${width} px: nothing wider than the screen, axe finds no violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await addToCart(page, '/products/linen-shirt');
    await page.goto('/cart');
    await hydrated(page);
    await expect(page.locator('.cart__line')).toHaveCount(1);
    await expect(page.locator('.cart__totals')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
}
