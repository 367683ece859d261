// Address suggestions in the checkout (issue 27), end to end: with the maps app ON and the shopper's
// analytics consent, typing a street in address line 1 offers addresses as an ARIA combobox; one picked
// with the keyboard fills the address and the form's checks pass. Without consent, or with the app OFF,
// the field is the plain field it was and no maps call is made. The tests run on a shop of their own
// (e2e/maps-shop.ts), where the maps app is turned on in the database.
import type { BrowserContext, Page } from '@playwright/test';
import { CONSENT_COOKIE, serializeConsent } from '../renderer/consent/consent-cookie';
import { TRACKER_HOSTS } from './tracker-stubs';
import { buyNow } from './checkout-page';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { startMapsShop, type MapsShop } from './maps-shop';

test.describe.configure({ mode: 'serial' });

let shop: MapsShop;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startMapsShop();
  await shop.setMaps(true);
});
test.afterAll(async () => {
  await shop?.stop();
});

async function consent(context: BrowserContext, analytics: boolean) {
  const site = (await (await fetch(`${shop.origin}/api/site`)).json()) as { data: { extDataMap: Record<string, string> } };
  const version = site.data.extDataMap.cookiePolicyVersion!;
  const value = serializeConsent({ analytics, advertising: false, version, at: Date.now() / 1000 });
  await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(value), url: shop.origin }]);
  // The analytics tag the consent lets load has no internet here: its host answers empty.
  await context.route(
    (url) => (TRACKER_HOSTS as readonly string[]).includes(url.host),
    (route) => route.fulfill({ status: 204 }),
  );
}

/** The maps calls the page makes. */
function mapsCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/googleMaps/')) calls.push(request.url());
  });
  return calls;
}

const addressLine = (page: Page) => page.getByLabel('Address', { exact: true });

test('a shopper who consented types a street, picks a suggestion with the keyboard and sees the address filled', async ({
  page,
  context,
}) => {
  await consent(context, true);
  const calls = mapsCalls(page);
  await buyNow(page, `${shop.origin}/products/linen-shirt`);
  await page.getByLabel('Country/region').selectOption('FR');
  const field = addressLine(page);
  // Nothing of the suggestions is loaded before the field is focused.
  expect(calls).toEqual([]);
  await field.click();
  await expect(field).toHaveAttribute('role', 'combobox');
  await expect(field).toHaveAttribute('aria-expanded', 'false');

  await field.pressSequentially('12 rue ober', { delay: 30 });
  const list = page.getByRole('listbox', { name: 'Suggested addresses' });
  await expect(list.getByRole('option')).toHaveText(['12 Rue Oberkampf75011 Paris, France']);
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  await expect(page.getByRole('status').filter({ hasText: '1 address suggested' })).toBeAttached();
  await expectNoAxeViolations(page, '.address-fields');

  await field.press('ArrowDown');
  const option = list.getByRole('option', { name: /12 Rue Oberkampf/ });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await field.press('Enter');

  await expect(field).toHaveValue('12 Rue Oberkampf');
  await expect(page.getByLabel('City')).toHaveValue('Paris');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('75011');
  await expect(page.getByLabel('Country/region')).toHaveValue('FR');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'Address filled in: 12 Rue Oberkampf' })).toBeAttached();
  // The form's own checks ran on the filled fields: none is marked wrong.
  await expect(page.locator('.address-fields .field--invalid')).toHaveCount(0);
  const asked = calls.map((url) => new URL(url));
  const detail = asked.find((url) => url.pathname === '/api/googleMaps/address/detail');
  expect(detail?.searchParams.get('placeId')).toBe('local:fr-oberkampf');
  // One session token for the searches and the detail of one address.
  const searches = asked.filter((url) => url.pathname === '/api/googleMaps/addressSearch');
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.every((url) => url.searchParams.get('country') === 'FR')).toBe(true);
  expect(new Set([...searches, detail!].map((url) => url.searchParams.get('sessionToken'))).size).toBe(1);
  await expectNoAxeViolations(page);
});

test('a picked address sets the state where the country has states; Escape closes the list', async ({ page, context }) => {
  await consent(context, true);
  await buyNow(page, `${shop.origin}/products/linen-shirt`);
  await page.getByLabel('Country/region').selectOption('US');
  const field = addressLine(page);
  await field.click();
  await field.pressSequentially('1100 congress', { delay: 30 });
  const options = page.getByRole('listbox', { name: 'Suggested addresses' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(options.first()).toBeHidden();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await field.press('Enter');
  await expect(field).toHaveValue('1100 Congress Avenue');
  await expect(page.getByLabel('City')).toHaveValue('Austin');
  await expect(page.getByLabel('State/province')).toHaveValue('TX');
  await expect(page.getByLabel('ZIP/postal code')).toHaveValue('78701');
});

test('without the shopper’s analytics consent the field is the plain field, and no maps call is made', async ({
  page,
  context,
}) => {
  await consent(context, false);
  const calls = mapsCalls(page);
  await buyNow(page, `${shop.origin}/products/linen-shirt`);
  await page.getByLabel('Country/region').selectOption('FR');
  const field = addressLine(page);
  await field.click();
  await field.pressSequentially('12 rue ober', { delay: 30 });
  await page.waitForTimeout(800);
  await expect(field).not.toHaveAttribute('role', 'combobox');
  await expect(field).not.toHaveAttribute('aria-expanded', /.*/);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('with the maps app OFF the field is the plain field, whatever the consent', async ({ page, context }) => {
  await shop.setMaps(false);
  try {
    await consent(context, true);
    const calls = mapsCalls(page);
    await buyNow(page, `${shop.origin}/products/linen-shirt`);
    const field = addressLine(page);
    await field.click();
    await field.pressSequentially('Downing Street', { delay: 30 });
    await page.waitForTimeout(800);
    await expect(field).not.toHaveAttribute('role', 'combobox');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    expect(calls).toEqual([]);
  } finally {
    await shop.setMaps(true);
  }
});
