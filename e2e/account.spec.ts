// The customer account as a shopper walks it (issue 25): register, the activation mail, activate, sign in
// (coming back to the page asked for), profile, a change of password that signs the other device out,
// sign out; a token-protected page without a session goes to the login page; axe finds nothing on each
// page, at 375 and 1280 px.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { mailCount, mailedLink } from './outbox';

const PASSWORD = 'Juniper-Lighthouse-58';

// A refused sign-in is answered 401 (403 before activation, 410 for a used link): the browser logs each.
test.use({ expectedConsoleErrors: [/status of (401|403|410)/] });

async function register(page: Page, email: string, firstName = 'Maya') {
  await page.goto('/account/login?tab=register');
  await hydrated(page);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Check your inbox');
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const uniqueEmail = (what: string) => `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('register, activate by mail, sign in and come back to the page asked for', async ({ page }) => {
      const email = uniqueEmail('maya');
      await register(page, email);
      await expectNoAxeViolations(page);

      // Not activated yet: said only after the right password, with a way to get the link again.
      await page.goto('/account/login');
      await hydrated(page);
      await signIn(page, email);
      await expect(page.locator('main').getByRole('alert')).toContainText('not activated');
      await page.getByRole('button', { name: 'Send the activation link again' }).click();
      await expect(page.locator('main').getByRole('status')).toContainText('Check your inbox');

      await page.goto(await mailedLink(email, '/account/activate'));
      await expect(page.locator('main').getByRole('status')).toContainText('Welcome, Maya');
      await expectNoAxeViolations(page);

      // A session, then none: the protected page sends to the login page, which sends back after sign-in.
      await page.context().clearCookies();
      await page.goto('/account/profile?from=mail');
      await expect(page).toHaveURL(/\/account\/login\?redirect=%2Faccount%2Fprofile%3Ffrom%3Dmail$/);
      await hydrated(page);
      await expectNoAxeViolations(page);
      await signIn(page, email);
      await expect(page).toHaveURL(/\/account\/profile\?from=mail$/);
      // The page after sign-in is a new document: its menu button works once it is hydrated.
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
      await expect(page.getByLabel('First name')).toHaveValue('Maya');
      // The header now says the visitor is signed in (on a phone, in the menu drawer).
      if (width < 640) await page.getByRole('button', { name: 'Open the menu' }).click();
      await expect(page.getByRole('link', { name: 'Your account' })).toBeVisible();
      if (width < 640) await page.getByRole('button', { name: 'Close the menu' }).click();
      await expectNoAxeViolations(page);
    });

    test('a wrong password is refused, the same words as an unknown address', async ({ page }) => {
      await page.goto('/account/login');
      await hydrated(page);
      await signIn(page, uniqueEmail('nobody'), 'Whatever-It-Is-9');
      await expect(page.locator('main').getByRole('alert')).toHaveText('The email or the password is incorrect.');
      await expectNoAxeViolations(page);
    });
  });
}

async function activatedCustomer(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail('lin');
  await register(page, email, 'Lin');
  await page.goto(await mailedLink(email, '/account/activate'));
  await expect(page.locator('main').getByRole('status')).toContainText('Welcome, Lin');
  return { context, page, email };
}

test('profile, a new password that signs the other device out, and sign-out', async ({ browser }) => {
  const { context, page, email } = await activatedCustomer(browser, 375);
  // A second device signs in too.
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await other.goto('/account/login');
  await hydrated(other);
  await signIn(other, email);
  await expect(other).toHaveURL(/\/account\/dashboard$/);

  await page.goto('/account/profile');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await expect(page.locator('.account__sessions li')).toHaveCount(2);
  await page.getByLabel('Last name').fill('Okafor-Lee');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('main').getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/account/password');
  await hydrated(page);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Nothing was changed');
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Saffron-Glacier-204');
  await page.getByLabel('Confirm the new password').fill('Saffron-Glacier-205');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByLabel('Confirm the new password')).toBeFocused();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  const before = await mailCount(email);
  await page.getByLabel('Confirm the new password').fill('Saffron-Glacier-204');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Your password has been changed');
  await expectNoAxeViolations(page);
  // The mail with "this wasn't me" came.
  expect(await mailedLink(email, '/account/reset', { after: before })).toContain('signout=1');

  // The other device is signed out; this one stays signed in.
  await other.goto('/account/dashboard');
  await expect(other).toHaveURL(/\/account\/login\?redirect=/);
  await page.goto('/account/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello, Lin' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/login\?signedOut=1$/);
  await expect(page.locator('main').getByRole('status')).toContainText('You have signed out.');
  await page.goto('/account/dashboard');
  await expect(page).toHaveURL(/\/account\/login\?redirect=/);
  await context.close();
  await phone.close();
});

test('forgotten password: the same answer for any address, and the mailed link sets a new one', async ({ browser }) => {
  const { context, page, email } = await activatedCustomer(browser, 1280);
  await page.context().clearCookies();
  await page.goto('/account/forgotten');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  const sent = (await page.locator('main').getByRole('status').textContent()) ?? '';
  expect(sent).toContain('If an account exists');
  await expectNoAxeViolations(page);

  await page.goto(await mailedLink(email, '/account/reset'));
  await hydrated(page);
  await expect(page.getByText(/Choose a new password for l•••@example\.com/)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Walnut-Comet-3301');
  await page.getByLabel('Confirm the new password').fill('Walnut-Comet-3301');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('Your password has been reset');
  await expectNoAxeViolations(page);

  // The account deleted from the profile page, after its password.
  await page.goto('/account/profile');
  await hydrated(page);
  await page.getByText('I want to delete my account').click();
  await page.locator('#delete-password').fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The current password is not right.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('#delete-password').fill('Walnut-Comet-3301');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL(/\/\?accountDeleted=1$/);
  const gone = await page.request.post('/api/customer/user/login', {
    headers: { Origin: new URL(page.url()).origin },
    data: { email, password: 'Walnut-Comet-3301' },
  });
  expect(gone.status()).toBe(401);
  await context.close();
});

test('in French, the login page and its messages', async ({ page }) => {
  await page.goto('/account/login?lang=fr');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('tab', { selected: true })).not.toHaveText('Sign in');
  await expectNoAxeViolations(page);
});
