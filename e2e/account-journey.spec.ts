// The whole life of a customer account in Chromium (issue 25, "Done when"), in English and German, at 375
// and 1280 px: register → the activation mail → activate → sign in → buy (the account's email filled in,
// "save this information" ticked) → the order in the account → add an address and make it the default →
// the next checkout is filled with it → ask to return the order's scarf → change the password (another
// device is signed out) → sign out. Every label is read from the locale file the page is drawn from, so
// the German run checks the German page; axe finds nothing on each page.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { mailedLink, newEmail } from './outbox';
import { MERCHANT_TOKEN } from './playwright.config';
import { E2E_ORIGIN } from './signed';
import { wordsOf } from './locale-words';
import products from '../fixtures/products.json' with { type: 'json' };

const scarf = products.find((product) => product.handle === 'wool-scarf')!;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PASSWORD = 'Juniper-Lighthouse-58';
const NEW_PASSWORD = 'Saffron-Glacier-204';

/**
 * One wool scarf added from its buy box (live once it hydrates, in its own boundary). The scarf, which no
 * other spec buys: the shared e2e shop's linen shirts are left to the specs that count them.
 */
async function addScarf(page: Page, t: ReturnType<typeof wordsOf>) {
  await page.goto('/products/wool-scarf');
  await hydrated(page);
  const add = page.locator('.buy-box').getByRole('button', { name: t('product.addToCart') });
  await expect(async () => {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shopping-carts' && r.request().method() === 'POST', {
        timeout: 2_000,
      }),
      add.click(),
    ]);
    expect(answer.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
}

async function toCheckout(page: Page, t: ReturnType<typeof wordsOf>) {
  await page.goto('/cart');
  await hydrated(page);
  await page
    .locator('main')
    .getByRole('button', { name: t('checkout.cartButton') })
    .click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
}

async function fillAddress(page: Page, t: ReturnType<typeof wordsOf>, address: { address1: string; city: string; zip: string }) {
  const country = page.getByLabel(t('checkout.address.country'));
  await country.selectOption('US');
  await expect(country).toHaveValue('US');
  await page.getByLabel(t('checkout.address.firstName'), { exact: true }).fill('Maya');
  await page.getByLabel(t('checkout.address.lastName'), { exact: true }).fill('Okafor');
  await page.getByLabel(t('checkout.address.address1'), { exact: true }).fill(address.address1);
  await page.getByLabel(t('checkout.address.city')).fill(address.city);
  await page.getByLabel(t('checkout.address.province')).selectOption('CA');
  await page.getByLabel(t('checkout.address.zip')).fill(address.zip);
  await page.getByLabel(t('checkout.address.phone')).fill('415 555 0100');
  await page.getByLabel(t('checkout.address.phone')).blur();
}

const CASES = [
  { locale: 'en', width: 375 },
  { locale: 'en', width: 1280 },
  { locale: 'de', width: 375 },
  { locale: 'de', width: 1280 },
];

// A wrong try answers 401 before the page says so; the browser logs it.
test.use({ expectedConsoleErrors: [/status of 401/] });

for (const { locale, width } of CASES) {
  test(`a customer's whole journey in ${locale} at ${width} px`, async ({ browser, page, request }) => {
    test.setTimeout(150_000);
    const t = wordsOf(locale);
    await page.setViewportSize({ width, height: 900 });
    const email = newEmail(`journey-${locale}-${width}`);
    const main = page.locator('main');

    // Register.
    await page.goto(`/account/login?tab=register&lang=${locale}`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en-US' : locale);
    await page.getByLabel(t('account.fields.firstName'), { exact: true }).fill('Maya');
    await page.getByLabel(t('account.fields.lastName'), { exact: true }).fill('Okafor');
    await main.getByLabel(t('account.fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('account.register.submit') }).click();
    await expect(main.getByRole('status')).toHaveText(t('account.register.sent', { email }));
    await expectNoAxeViolations(page);

    // The activation mail, in the customer's language, and its link.
    await page.goto(await mailedLink(email, '/account/activate'));
    await expect(main.getByRole('status')).toHaveText(t('account.activate.done', { name: 'Maya' }));
    await expectNoAxeViolations(page);

    // Sign in again from nothing: the dashboard asks for it and comes back.
    await page.context().clearCookies();
    await page.goto(`/account/dashboard?lang=${locale}`);
    await page.waitForURL(/\/account\/login\?redirect=/);
    await hydrated(page);
    await main.getByLabel(t('account.fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
    await page.waitForURL(/\/account\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.dashboard.hello', { name: 'Maya' }));
    await expectNoAxeViolations(page);

    // Buy: the account's email is filled in; "save this information" puts the address in the book.
    await addScarf(page, t);
    await toCheckout(page, t);
    await expect(page.getByLabel(t('checkout.contact.email'), { exact: true })).toHaveValue(email);
    await fillAddress(page, t, { address1: '1 Market Street', city: 'San Francisco', zip: '94103' });
    await page.getByLabel(t('checkout.contact.saveInfo')).check();
    await page.getByRole('button', { name: t('checkout.next.shipping') }).click();
    await page.waitForURL(/\/checkout\/shipping/);
    await page.getByRole('button', { name: t('checkout.next.payment') }).click();
    await page.waitForURL(/\/checkout\/payment/);
    await hydrated(page);
    await page.getByLabel(t('checkout.card.number')).fill('4242 4242 4242 4242');
    await page.getByLabel(t('checkout.card.expiry')).fill('12/34');
    await page.getByLabel(t('checkout.card.cvc')).fill('123');
    await page.getByLabel(t('checkout.card.name')).fill('Maya Okafor');
    await page.getByRole('button', { name: t('checkout.payment.complete') }).click();
    await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 20_000 });
    const number = /VG-\d+/.exec((await page.locator('.order__number').textContent()) ?? '')![0];

    // The order is in the account.
    await page.goto('/account/orders');
    await hydrated(page);
    const orderLink = main.getByRole('link', { name: new RegExp(escape(number)) });
    await expect(orderLink).toBeVisible();
    await expectNoAxeViolations(page);

    // The saved address is the default; add another and make it the default.
    await page.goto('/account/addresses');
    await hydrated(page);
    await expect(page.locator('.address-card')).toHaveCount(1);
    await page.goto('/account/addressAdd');
    await hydrated(page);
    await fillAddress(page, t, { address1: '200 Larkin Street', city: 'Oakland', zip: '94612' });
    await page.getByRole('button', { name: t('addressBook.save') }).click();
    await page.waitForURL(/\/account\/addresses$/);
    await hydrated(page);
    await expect(page.locator('.address-card')).toHaveCount(2);
    await page.getByRole('button', { name: new RegExp(`^${escape(t('addressBook.makeDefault'))}.*200 Larkin Street`) }).click();
    await expect(page.locator('.address-card').first()).toContainText('200 Larkin Street');
    await expectNoAxeViolations(page);

    // The next checkout is filled with the new default address.
    await addScarf(page, t);
    await toCheckout(page, t);
    await expect(page.getByLabel(t('checkout.address.address1'), { exact: true })).toHaveValue('200 Larkin Street');
    await expect(page.getByLabel(t('checkout.address.city'))).toHaveValue('Oakland');
    await expect(page.getByLabel(t('checkout.contact.email'), { exact: true })).toHaveValue(email);

    // The shop sends the first order; the customer asks to return its scarf.
    // (The merchant's call, from the merchant's own client: not the customer's browser.)
    const sent = await request.put(`/api/orders/${number}/fulfillment`, {
      headers: { Authorization: `Bearer ${MERCHANT_TOKEN}` },
      data: { status: 'delivered' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page.goto('/account/orders');
    await hydrated(page);
    await main.getByRole('link', { name: new RegExp(escape(number)) }).click();
    await page.waitForURL(/\/account\/orderDetails\?id=\d+/);
    await hydrated(page);
    // The product's name in the customer's language (the demo shop's data is in every language).
    await page.getByLabel(new RegExp(scarf.title[locale as 'en'])).selectOption('1');
    await page.getByLabel(t('returns.form.reason')).selectOption({ label: t('returns.reason.tooSmall') });
    await page.getByRole('button', { name: t('returns.form.submit') }).click();
    await expect(main.getByRole('status').filter({ hasText: t('returns.form.sent') })).toBeVisible();
    await expect(main.getByText(t('returns.status.requested'), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Another device is signed in; a new password signs it out and keeps this one.
    const other = await browser.newContext();
    const signedIn = await other.request.post('/api/customer/user/login', {
      headers: { Origin: E2E_ORIGIN },
      data: { email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    expect((await other.request.get('/api/customer/user')).status()).toBe(200);
    await page.goto('/account/password');
    await hydrated(page);
    await page.getByLabel(t('account.fields.currentPassword'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('account.fields.confirmPassword'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('account.password.submit') }).click();
    await expect(main.getByRole('status')).toHaveText(t('account.password.done'));
    await expectNoAxeViolations(page);
    expect((await other.request.get('/api/customer/user')).status()).toBe(401);
    await other.close();
    await page.goto('/account/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.dashboard.hello', { name: 'Maya' }));

    // Sign out.
    await hydrated(page);
    await page.getByRole('button', { name: t('account.nav.signOut') }).click();
    await page.waitForURL(/\/account\/login\?signedOut=1$/);
    await expect(main.getByRole('status')).toHaveText(t('account.login.signedOut'));
    await page.goto('/account/orders');
    await page.waitForURL(/\/account\/login\?redirect=%2Faccount%2Forders$/);
  });
}
