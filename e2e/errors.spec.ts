import { expect, hydrated, test } from './fixtures';

test('an unknown page answers 404 with a way back home', async ({ page }) => {
  const response = await page.goto('/pages/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
});

test('any path no route matches answers the same 404', async ({ page }) => {
  const response = await page.goto('/no/such/path');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
});

test.describe('faults', () => {
  test.use({ expectedConsoleErrors: [/Page data could not be loaded \(reference [\w-]+\)/] });

  test('a loader fault shows the error page with status 500 and title "Error"', async ({ page }) => {
    const response = await page.goto('/?__fault=loader');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
    await expect(page.getByText('Injected loader fault')).toHaveCount(0);
  });
});

test('when the error page itself fails, the plain fallback page shows', async ({ page }) => {
  const response = await page.goto('/?__fault=loader,error-page');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: 'Another error occurred while showing the error page' })).toBeVisible();
  await expect(page.getByText('Details')).toBeVisible();
  await page.getByRole('link', { name: 'Go back to home' }).click();
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
});
