// Campaign attribution end to end (issue 27): a page without utm_* parameters sends nothing and loads no
// attribution code; a campaign visit sends POST /api/utm once with the encoded current path; the order
// bought after it shows under that campaign in the merchant's report; a later visit of another campaign
// moves the last touch only.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AttributionReport, AttributionReportRow } from '../schemas/generated/api';
import { buyNow, fillCard, GOOD_CARD, paid, toPaymentStep, watchBodies } from './checkout-page';
import { expect, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

const SPRING = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';
const SUMMER = '/collections/all?utm_source=instagram&utm_medium=social&utm_campaign=summer-e2e';

/** The merchant's report row of a campaign (USD), or none. */
async function campaignRow(request: APIRequestContext, touch: 'first' | 'last', campaign: string) {
  const answer = await request.get(`/api/reports/attribution?touch=${touch}`, {
    headers: { Authorization: `Bearer ${MERCHANT_TOKEN}` },
  });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: AttributionReport };
  return data.rows.find((r: AttributionReportRow) => r.campaign === campaign && r.currencyCode === 'USD');
}
const ordersOf = async (request: APIRequestContext, touch: 'first' | 'last', campaign: string) =>
  (await campaignRow(request, touch, campaign))?.orders ?? 0;

/** Opens `path` and waits for the POST /api/utm it sends to be recorded. */
async function campaignVisit(page: Page, path: string) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/utm' && r.request().method() === 'POST'),
    page.goto(path),
  ]);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ data: { recorded: true } });
}

async function buyLinenShirt(page: Page) {
  await buyNow(page);
  await toPaymentStep(page);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await paid(page);
}

test('a page without utm_* parameters sends no campaign call and loads no attribution code', async ({ page }) => {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  await page.goto('/products/linen-shirt?color=blue');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(seen.filter((path) => path === '/api/utm' || /campaign-visit/.test(path))).toEqual([]);
});

test('an order bought after a campaign visit is reported under it; another campaign moves the last touch only', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = {
    springFirst: await ordersOf(request, 'first', 'spring'),
    springLast: await ordersOf(request, 'last', 'spring'),
    summerFirst: await ordersOf(request, 'first', 'summer-e2e'),
    summerLast: await ordersOf(request, 'last', 'summer-e2e'),
  };

  // Chromium does not show fetch bodies to Playwright: the page records what it sends.
  const watch = await watchBodies(page);
  // Spec section 7: the encoded current path, once per page load.
  await campaignVisit(page, SPRING);
  await hydrated(page);
  await buyLinenShirt(page);
  expect(watch.sent('/api/utm')).toEqual([{ fullUrl: encodeURIComponent(SPRING) }]);

  await expect.poll(() => ordersOf(request, 'first', 'spring')).toBe(before.springFirst + 1);
  const spring = await campaignRow(request, 'last', 'spring');
  expect(spring).toMatchObject({ source: 'newsletter', medium: 'email', orders: before.springLast + 1 });
  expect(spring!.net.amount).toBeGreaterThan(0);

  // A second campaign visit, then a second order: its last touch is the new campaign, its first still spring.
  await campaignVisit(page, SUMMER);
  expect(watch.sent('/api/utm')).toEqual([{ fullUrl: encodeURIComponent(SPRING) }, { fullUrl: encodeURIComponent(SUMMER) }]);
  await buyLinenShirt(page);
  expect(await ordersOf(request, 'first', 'spring')).toBe(before.springFirst + 2);
  expect(await ordersOf(request, 'last', 'spring')).toBe(before.springLast + 1);
  expect(await ordersOf(request, 'last', 'summer-e2e')).toBe(before.summerLast + 1);
  expect(await ordersOf(request, 'first', 'summer-e2e')).toBe(before.summerFirst);
});
