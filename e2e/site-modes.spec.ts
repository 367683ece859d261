// The site's modes end to end (spec sections 2, 4, 5 and 8): the merchant switches each with one call and a
// shopper on a phone meets the page the spec describes. Every test changes what every page of the shop
// answers, so the config runs this file as its own project after all the others, one test at a time, and
// puts the shop back live after each.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

test.describe.configure({ mode: 'serial' });
test.use({
  viewport: { width: 375, height: 740 },
  // The maintenance and closed pages answer 503, a wrong password 401: the browser logs each load.
  expectedConsoleErrors: [/the server responded with a status of (401|503)/],
});

const merchant = { Authorization: `Bearer ${MERCHANT_TOKEN}` };

async function patchSite(request: APIRequestContext, data: object) {
  const answer = await request.patch('/api/site', { headers: merchant, data });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.afterEach(async ({ request }) =>
  patchSite(request, {
    siteMode: { state: 'live' },
    extDataMap: { passwordProtect: 'OFF', passwordProtect_shop: '', passwordProtect_funnel: '' },
    routeRedirectConfigList: [],
  }),
);

test('password protection: the password page, a wrong password refused, the right one back to where the visitor was', async ({
  page,
  request,
}) => {
  await patchSite(request, {
    extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'opening-day', passwordProtect_funnel: 'funnel-pass' },
    passwordPage: { message: { en: 'We open on Monday.', de: 'Wir öffnen am Montag.' } },
  });
  await page.goto('/collections/all?sort=price-asc');
  await expect(page).toHaveURL(/\/password\/store$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: "Enter the shop's password" })).toBeVisible();
  await expect(page.getByText('We open on Monday.')).toBeVisible();
  // A shop before its launch gathers who wants to hear when it opens.
  await expect(page.getByRole('heading', { level: 2, name: /newsletter/i })).toBeVisible();
  await expectNoAxeViolations(page);

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('opening day');
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page.locator('#gate-password-error')).toHaveText('Password is wrong, please try again');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expectNoAxeViolations(page);

  await password.fill('opening-day');
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(/\/collections\/all\?sort=price-asc$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A funnel's pages have their own password (spec: paths containing /funnel).
  await page.goto('/funnel/summer-linen');
  await expect(page).toHaveURL(/\/password\/funnel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This page is password protected' })).toBeVisible();
});

test('the password page in German', async ({ page, request }) => {
  await patchSite(request, {
    extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'opening-day' },
    passwordPage: { message: { en: 'We open on Monday.', de: 'Wir öffnen am Montag.' } },
  });
  await page.goto('/products/linen-shirt?lang=de');
  await expect(page).toHaveURL(/\/de\/password\/store$/);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Wir öffnen am Montag.')).toBeVisible();
  await page.locator('#gate-password').fill('falsch');
  await page.locator('form:has(#gate-password) button[type=submit]').click();
  await expect(page.locator('#gate-password-error')).not.toBeEmpty();
  await expect(page.locator('#gate-password-error')).not.toHaveText('Password is wrong, please try again');
  await expectNoAxeViolations(page);
});

test('maintenance: 503 and the maintenance page, a call answered 50021 sends there too, and back home when it ends', async ({
  page,
  request,
}) => {
  await page.goto('/products/linen-shirt');
  await hydrated(page);
  const endsAt = new Date(Date.now() + 3600_000).toISOString();
  await patchSite(request, { siteMode: { state: 'maintenance', endsAt, message: { en: 'A new collection is on its way.' } } });
  // The page already open: its next call (adding to the cart, or a link preloaded once idle, whichever
  // comes first) is answered 50021, and the browser goes to /maintenance by itself.
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/maintenance$/);

  const response = await page.goto('/');
  expect(response?.status()).toBe(503);
  expect(Number(response?.headers()['retry-after'])).toBeGreaterThan(3000);
  await expect(page).toHaveURL(/\/maintenance$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: "We'll be back soon" })).toBeVisible();
  await expect(page.getByText('A new collection is on its way.')).toBeVisible();
  await expect(page.getByText(/We expect to be back by .*UTC/)).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  await expectNoAxeViolations(page);

  await patchSite(request, { siteMode: { state: 'live' } });
  // The page asks every 10 s: the first answer that is not 50021 takes the visitor home.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
});

test('closed: the website-unavailable page', async ({ page, request }) => {
  await patchSite(request, { siteMode: { state: 'closed' } });
  const response = await page.goto('/pages/about');
  expect(response?.status()).toBe(503);
  await expect(page).toHaveURL(/\/closed$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Website unavailable' })).toBeVisible();
  await expect(page.getByText('This website is unavailable at the moment. Please try later.')).toBeVisible();
  await expect(page.locator('header, footer')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the merchant sees the real shop through an overview link, with a banner naming the mode', async ({ page, request }) => {
  await patchSite(request, { siteMode: { state: 'maintenance' } });
  const link = await (await request.post('/api/site/overview', { headers: merchant })).json();
  await page.goto(link.data.path);
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Maintenance mode is on' })).toBeVisible();
  await page.goto('/products/linen-shirt');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We'll be back soon");
});

test('a redirect keeps the query', async ({ page, request }) => {
  await patchSite(request, { routeRedirectConfigList: [{ redirectFrom: '/summer-sale', redirectTo: '/collections/all' }] });
  await page.goto('/summer-sale?utm_source=newsletter&utm_campaign=june');
  await expect(page).toHaveURL(/\/collections\/all\?utm_source=newsletter&utm_campaign=june$/);
});
