// The Content-Security-Policy in Chromium: the shop's pages hydrate and work under it with no violation
// (the fixture fails a test on any console error, and a CSP refusal is one), and a script written into a
// page by other means (the test build's `?__fault=inline-script`) is refused: it does not run, the page
// still works, and the browser's report reaches the shop (GET /api/csp-report, the merchant's). The e2e
// shop is http: its reports come by report-uri (content-security-policy.ts).
import type { Page } from '@playwright/test';
import { addToCart, fillCard, fillInformation, GOOD_CARD, paid } from './checkout-page';
import { expect, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

/** Collects the page's securitypolicyviolation events (an init script: it runs outside the page's policy). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('home, product, cart and checkout hydrate and work under their policy, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/products/linen-shirt', '/collections/hot-sale']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'report-sample' 'sha256-/);
    await hydrated(page);
    expect(await violations(), path).toEqual([]);
  }
  // A client-side navigation (the router's own code, loaded by the entry).
  await page.getByRole('link', { name: 'Linen Shirt' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeVisible();
  await addToCart(page);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
  await fillInformation(page);
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment/);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await paid(page);
  await hydrated(page);
  expect(await violations()).toEqual([]);
});

test.describe('a script written into the page', () => {
  test.use({ expectedConsoleErrors: [/inline script violates the following Content Security Policy directive/] });

  test('is refused by the browser, the page still works, and its report reaches the shop', async ({ page, request }) => {
    const violations = await watchViolations(page);
    const since = new Date().toISOString();
    await page.goto('/?__fault=inline-script');
    await hydrated(page);
    // The script is in the page, and did not run.
    expect(await page.content()).toContain('window.__vitrineInjected=true');
    expect(await page.evaluate(() => (window as unknown as { __vitrineInjected?: boolean }).__vitrineInjected)).toBeUndefined();
    expect(await violations()).toEqual(['script-src-elem inline window.__vitrineInjected=true']);
    // The page's own scripts ran: it is interactive.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Hot sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hot sale' })).toBeVisible();
    // The browser's report, as the shop keeps it.
    await expect
      .poll(
        async () => {
          const answer = await request.get('/api/csp-report', { headers: { Authorization: `Bearer ${MERCHANT_TOKEN}` } });
          const { data } = (await answer.json()) as {
            data: { at: string; document: string; directive: string; blocked: string; sample: string }[];
          };
          return data.find((v) => v.at >= since && v.sample.includes('__vitrineInjected'));
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        document: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
        directive: 'script-src-elem',
        blocked: 'inline',
      });
  });
});
