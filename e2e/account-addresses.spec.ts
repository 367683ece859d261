// The address book in Chromium, as a customer meets it: an account registered and activated with the link
// of its mail (read from the shop's outbox), then addresses added (the form's errors first), one made the
// default, one deleted after the dialog asks, one changed; the next checkout is filled with the default
// address and the account's email. At 375 and 1280 px, axe finds nothing on any of these pages or in the dialog.
import type { Page } from '@playwright/test';
import { fromCart } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { newEmail, signUp } from './outbox';

async function fillAddress(
  page: Page,
  address: { country: string; province?: string; address1: string; city: string; zip: string; phone: string },
) {
  await page.getByLabel('Country/region').selectOption(address.country);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill(address.address1);
  await page.getByLabel('City').fill(address.city);
  if (address.province) await page.getByLabel('State/province').selectOption(address.province);
  await page.getByLabel('ZIP/postal code').fill(address.zip);
  await page.getByLabel('Mobile phone').fill(address.phone);
  // Left before the button is pressed (as the checkout's specs do): the field's message, if any, goes as it
  // is left, and the button must not move under the pointer between press and release.
  await page.getByLabel('Mobile phone').blur();
}

const SAN_FRANCISCO = {
  country: 'US',
  province: 'CA',
  address1: '1 Market Street',
  city: 'San Francisco',
  zip: '94103',
  phone: '415 555 0100',
};
const AMSTERDAM = { country: 'NL', address1: 'Damrak 1', city: 'Amsterdam', zip: '1012 LG', phone: '20 555 0100' };
const BERLIN = { country: 'DE', address1: 'Unter den Linden 1', city: 'Berlin', zip: '10117', phone: '30 555 0100' };

test('a customer keeps an address book, and the next checkout is filled with the default address', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, newEmail('book'));

  await page.goto('/account/addresses');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The first address: sent empty first, the form says what to correct and goes to the first field.
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await page.waitForURL('/account/addressAdd');
  await hydrated(page);
  await expect(page.getByText('Your first address is your default address.')).toBeVisible();
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Please correct the following:')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await fillAddress(page, SAN_FRANCISCO);
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.waitForURL('/account/addresses');
  await expect(page.getByRole('status').filter({ hasText: 'The address was saved.' })).toBeVisible();

  for (const address of [AMSTERDAM, BERLIN]) {
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await page.waitForURL('/account/addressAdd');
    await hydrated(page);
    await fillAddress(page, address);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL('/account/addresses');
  }
  const cards = page.locator('.address-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('1 Market Street');
  await expect(cards.first()).toContainText('Default address');

  // Amsterdam becomes the default: said, and listed first.
  await page.getByRole('button', { name: 'Set as default Damrak 1, Amsterdam' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Damrak 1, Amsterdam is now your default address.' })).toBeFocused();
  await expect(cards.first()).toContainText('Damrak 1');
  await expect(cards.first()).toContainText('Default address');
  await expectNoAxeViolations(page);

  // Deleting asks first; Escape answers no and gives the focus back; the dialog's "Delete address" deletes.
  const deleteBerlin = page.getByRole('button', { name: 'Delete Unter den Linden 1, Berlin' });
  await deleteBerlin.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteBerlin).toBeFocused();
  await expect(cards).toHaveCount(3);
  await deleteBerlin.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete address' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Unter den Linden 1, Berlin was deleted.' })).toBeFocused();

  // A change of the default address.
  await page.getByRole('link', { name: 'Edit Damrak 1, Amsterdam' }).click();
  await page.waitForURL(/\/account\/addressEdit\?id=\d+/);
  await hydrated(page);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Damrak 1');
  await expectNoAxeViolations(page);
  await page.getByLabel('Address', { exact: true }).fill('Damrak 70');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.waitForURL('/account/addresses');
  await expect(page.getByRole('status').filter({ hasText: 'The address was updated.' })).toBeVisible();
  await expect(cards.first()).toContainText('Damrak 70');

  // The next checkout starts with the account's email and the default address.
  await fromCart(page);
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Country/region')).toHaveValue('NL');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Damrak 70');
  await expect(page.getByLabel('City')).toHaveValue('Amsterdam');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('1012 LG');
});

test('the address book pages and the delete dialog at 375 px', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page, newEmail('phone'));
  const added = await page.request.post('/api/customer/addresses', {
    // A call with the session cookie that changes something must come from the shop's own pages.
    headers: { Origin: baseURL! },
    data: { firstName: 'Ada', lastName: 'Lovelace', ...SAN_FRANCISCO, phone: '+1 415 555 0100' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/account/addresses');
  await hydrated(page);
  await expect(page.locator('.address-card')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete 1 Market Street, San Francisco' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this address?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Edit 1 Market Street, San Francisco' }).click();
  await page.waitForURL(/\/account\/addressEdit\?id=\d+/);
  await hydrated(page);
  await expect(page.getByText('This is your default address.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/account/addressAdd');
  await hydrated(page);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectNoAxeViolations(page);
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
