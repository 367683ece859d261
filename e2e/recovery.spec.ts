// The pages of an abandoned checkout's reminder mail, in Chromium: a link that no longer names a
// checkout says so with the way to the cart; "stop these reminders" asks first and answers where the
// focus is. axe finds nothing on either at 375 and 1280 px.
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const UNKNOWN_KEY = '0123456789abcdef0123456789abcdef';

test('a recovery link that names no checkout says it is no longer valid, with the way to the cart', async ({ page }) => {
  await page.goto(`/checkout/recover/${UNKNOWN_KEY}`);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText(/This link is no longer valid/);
  await expect(page.getByRole('heading', { name: 'Your checkout' })).toBeFocused();
  await page.getByRole('main').getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('stopping the reminders asks first, then answers where the focus is', async ({ page }) => {
  await page.goto(`/checkout/recover/${UNKNOWN_KEY}/stop`);
  await hydrated(page);
  await expect(page.getByText('Stop the reminder emails about this unfinished checkout?')).toBeVisible();
  await page.getByRole('button', { name: 'Stop these reminders' }).click();
  const answer = page.getByRole('alert');
  await expect(answer).toHaveText(/This link is no longer valid/);
  await expect(answer).toBeFocused();
});

for (const width of [375, 1280]) {
  for (const path of [`/checkout/recover/${UNKNOWN_KEY}`, `/checkout/recover/${UNKNOWN_KEY}/stop`]) {
    test(`${path.endsWith('/stop') ? 'stop reminders' : 'recovery link'} at ${width} px: axe finds no violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('main h1')).toBeVisible();
      if (!path.endsWith('/stop')) await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}
