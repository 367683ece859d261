// The tracker firewall (issue 27): the demo shop runs a Meta pixel, GA4, the tag manager and a TikTok
// pixel behind the cookie banner. Every tracker host is routed to local stubs (e2e/tracker-stubs), which
// record what reaches them: before consent nothing leaves for any of them on any page type or funnel
// step, and no tracker cookie is set; accepting analytics loads the analytics tag only; accepting
// advertising loads the pixels, and each event reaches them once with its payload.
import type { Page } from '@playwright/test';
import { addToCart, fillCard, fillInformation, fromCart, GOOD_CARD, paid, toPaymentStep } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { routeTrackers, type TrackerRecorder } from './tracker-stubs';

// These visitors meet the banner: they have not chosen yet.
test.use({ consentChosen: false });

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy' });

/** Pages of every type a visitor meets before paying, and the demo funnel's landing and checkout steps. */
const PAGES = [
  '/',
  '/collections/all',
  '/products/linen-shirt',
  '/cart',
  '/search?q=linen',
  '/pages/about',
  '/account/login',
  '/funnel/summer-linen',
  '/funnel/summer-linen?pageId=checkout',
];

/** The GA4 and tag-manager scripts come from one host: told apart by their path. */
const scripts = (trackers: TrackerRecorder) =>
  trackers.requests.filter((r) => r.kind === 'script').map((r) => `${new URL(r.url).host}${new URL(r.url).pathname}`);

test('before consent no request leaves for a tracker and no tracker cookie is set, on every page and through a purchase', async ({
  page,
}) => {
  const trackers = await routeTrackers(page);
  for (const path of PAGES) {
    await page.goto(path);
    await hydrated(page);
    await expect(banner(page), path).toBeVisible();
  }
  await expectNoAxeViolations(page, '.consent-banner');
  // A purchase from the cart with the banner left unanswered.
  await fromCart(page);
  await page.waitForURL(/\/checkout\//);
  await hydrated(page);
  await toPaymentStep(page);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await paid(page);
  await hydrated(page);
  await page.waitForTimeout(1_500);
  expect(trackers.requests).toEqual([]);
  expect(await trackers.trackerCookies()).toEqual([]);
});

test('the banner is in the page as the server sent it: shown before any of the page’s modules runs, hidden for one who chose', async ({
  page,
}) => {
  // The shop's modules come empty: what shows is the HTML and its head script only.
  await page.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto('/products/linen-shirt');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeVisible();
  // A visitor who chose, for the shop's current policy: the same HTML, no banner.
  const policy = await page.evaluate(() => document.head.innerHTML.match(/p\.get\('v'\)!=="([^"]*)"/)?.[1]);
  expect(policy).toBeTruthy();
  await page
    .context()
    .addCookies([{ name: 'consent', value: encodeURIComponent(`a=0&d=0&v=${policy}&t=1790000000`), url: page.url() }]);
  await page.reload();
  await expect(page.locator('.consent-banner')).toHaveCount(1);
  await expect(banner(page)).toBeHidden();
});

test('the banner: keyboard only, a choice of analytics alone loads the analytics tag only, and it is remembered', async ({
  page,
}) => {
  const trackers = await routeTrackers(page);
  await page.goto('/');
  await hydrated(page);
  await expect(banner(page)).toBeVisible();
  // Laid over the page: nothing of the page moves when it shows.
  expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  await banner(page).getByRole('button', { name: 'Choose cookies' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Essential cookies/ })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: /Essential cookies/ })).toBeChecked();
  await expectNoAxeViolations(page, '.consent-banner');
  // Escape closes the dialog without a choice: the banner is back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Choose cookies' }).click();
  await dialog.getByRole('checkbox', { name: 'Analytics cookies' }).check();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => trackers.hitsOf('ga4', 'page_view').length).toBe(1);
  expect(scripts(trackers)).toEqual(['www.googletagmanager.com/gtag/js']);
  expect(trackers.requestsTo('connect.facebook.net')).toEqual([]);
  expect(trackers.requestsTo('analytics.tiktok.com')).toEqual([]);
  // Google's tags were told of the choice (Consent Mode v2).
  expect(await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown }).dataLayer))).toContain(
    '"analytics_storage":"granted"',
  );
  // The next page knows the choice: no banner, the analytics tag from the start, no pixel.
  await page.goto('/collections/all');
  await hydrated(page);
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => trackers.hitsOf('ga4', 'view_item_list').length).toBe(1);
  expect(trackers.hitsOf('meta')).toEqual([]);
  // "Cookie settings" in the footer opens the choice again.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics cookies' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Advertising cookies' })).not.toBeChecked();
});

test('after accepting advertising the pixels load and each event fires once with its payload, the purchase with the server’s id', async ({
  page,
  request,
}) => {
  const trackers = await routeTrackers(page);
  await page.goto('/collections/all');
  await hydrated(page);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  // The events of the page so far reach the tags loaded after the choice, once.
  await expect.poll(() => trackers.hitsOf('meta', 'ViewCategory').length).toBe(1);
  await expect.poll(() => trackers.hitsOf('tiktok').length).toBeGreaterThan(0);
  await expect.poll(() => scripts(trackers).some((s) => s.endsWith('/gtm.js'))).toBe(true);

  await addToCart(page);
  await expect.poll(() => trackers.hitsOf('meta', 'ViewContent').length).toBe(1);
  await expect.poll(() => trackers.hitsOf('meta', 'AddToCart').length).toBe(1);
  const added = trackers.hitsOf('meta', 'AddToCart')[0]!.payload;
  expect(added.data).toMatchObject({ currency: 'USD', content_type: 'product' });
  expect(added.data.value).toBeGreaterThan(0);
  // A product page is no page view (spec section 2): its view is ViewContent.
  expect(trackers.hitsOf('meta', 'PageView').length).toBe(1);

  await page.goto('/cart');
  await hydrated(page);
  await expect.poll(() => trackers.hitsOf('meta', 'ViewCart').length).toBe(1);
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout\//);
  await hydrated(page);
  await expect.poll(() => trackers.hitsOf('meta', 'InitiateCheckout').length).toBe(1);
  await fillInformation(page);
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping/);
  await hydrated(page);
  await expect.poll(() => trackers.hitsOf('meta', 'AddContactInfo').length).toBe(1);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment/);
  await hydrated(page);
  await expect.poll(() => trackers.hitsOf('meta', 'AddShipppingInfo').length).toBe(1);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await paid(page);
  await hydrated(page);
  await expect.poll(() => trackers.hitsOf('meta', 'Purchase').length).toBe(1);
  await expect.poll(() => trackers.hitsOf('tiktok', 'CompletePayment').length).toBe(1);
  await expect.poll(() => trackers.hitsOf('ga4', 'purchase').length).toBe(1);
  expect(trackers.hitsOf('meta', 'AddPaymentInfo').length).toBe(1);
  // The purchase carries the id the server made for it, which its own event carries too.
  const token = /\/thankyou\/([0-9a-f]{32})/.exec(page.url())![1]!;
  const order = (await (await request.get(`/api/multicurrency/general/order/${token}`)).json()) as {
    data: { purchaseEventId: string; totals: { totalPrice: { amount: number } } };
  };
  const purchase = trackers.hitsOf('meta', 'Purchase')[0]!.payload;
  expect(purchase.eventID).toBe(order.data.purchaseEventId);
  expect(trackers.hitsOf('tiktok', 'CompletePayment')[0]!.payload).toMatchObject({ event_id: order.data.purchaseEventId });
  // A reload of the thank-you page tells the purchase no second time.
  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(1_500);
  expect(trackers.hitsOf('meta', 'Purchase').length).toBe(1);
  expect(await trackers.trackerCookies()).not.toEqual([]);
});
