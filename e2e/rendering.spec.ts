import { expect, hydrated, test } from './fixtures';
import { E2E_ORIGIN } from './signed';

test.describe('server rendering', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page holds its products, texts and countdown before any JavaScript runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Made to be lived in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Travel Pouch' })).toBeVisible();
    await expect(page.getByText('Winter sale ends in')).toBeVisible();
    await expect(page.locator('.countdown__digits').first()).toHaveText(/^\d{2,}$/);
    await expect(page.getByText('24-hour online service')).toBeVisible();
  });
});

test.describe('hydration and client navigation', () => {
  test('the page hydrates, the countdown runs, and links navigate without reloading the document', async ({ page }) => {
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/');
    await hydrated(page);

    // The countdown ticks while it is on screen.
    await page.locator('.countdown').scrollIntoViewIfNeeded();
    const seconds = page.locator('.countdown__group').nth(3).locator('.countdown__digits');
    const before = await seconds.textContent();
    await expect(seconds).not.toHaveText(before!, { timeout: 3000 });

    await page.getByRole('link', { name: 'Yoga Mat' }).first().click();
    await expect(page).toHaveURL(/\/products\/yoga-mat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Yoga Mat' })).toBeVisible();
    await expect(page).toHaveTitle('Yoga Mat');

    await page.goBack();
    await expect(page.getByText('Winter sale ends in')).toBeVisible();
    await page.getByRole('link', { name: 'Read our story' }).click();
    // A client navigation (its page read on the way): given time on a busy machine.
    await expect(page.getByRole('heading', { name: 'Fewer, better things' })).toBeVisible({ timeout: 15_000 });

    expect(documents).toHaveLength(1);
  });

  test('a collection link shows the collection without a reload', async ({ page }) => {
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', { name: 'View all: Hot sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hot sale' })).toBeVisible();
    await expect(page.getByText('9 products')).toBeVisible();
    expect(documents).toHaveLength(1);
  });

  test('?lang=fr renders French and is remembered', async ({ page }) => {
    await page.goto('/?lang=fr');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Nouveautés' })).toBeVisible();
    await page.goto('/pages/about');
    await expect(page.getByRole('heading', { name: 'Moins de choses, mais mieux faites' })).toBeVisible();
  });
});

test.describe('a page written from cached HTML (server/ssr/cached-html.tsx)', () => {
  // A signed-in visitor's pages are never taken from the page cache: each is rendered, its blocks, header
  // and footer written from what the server rendered for the request before.
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'token', value: 'e2e-signed-in', url: E2E_ORIGIN }]);
  });

  test('hydrates without a mismatch, and its blocks work', async ({ page, request }) => {
    const rendered = await request.get('/fr', { headers: { Cookie: 'token=e2e-signed-in' } });
    expect(rendered.headers()['x-vitrine-page-cache']).toBe('BYPASS');
    await page.goto('/?lang=fr');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Nouveautés' })).toBeVisible();
    await page.getByRole('link', { name: 'Tapis de yoga' }).first().click();
    await expect(page).toHaveURL(/\/products\/yoga-mat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tapis de yoga' })).toBeVisible();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  test('a product page with a cached view, header and footer hydrates, its options work, and links navigate without a reload', async ({
    page,
    request,
  }) => {
    for (let i = 0; i < 2; i++) await request.get('/products/linen-shirt', { headers: { Cookie: 'token=e2e-signed-in' } });
    await page.goto('/products/linen-shirt');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeVisible();
    // The product's view is written from the HTML rendered alone: the same, hydrated alike.
    await page.locator('label.chip', { hasText: 'Sage' }).click();
    await expect(page.locator('.gallery__main img')).toHaveAttribute('src', /linen-shirt-sage/);
    await expect(page).toHaveURL(/variant=\d+/);
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await page.getByRole('banner').getByRole('link', { name: /cart/i }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('contentinfo').getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\/cart$/);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  test('a product page reached from a collection, its view cached, hydrates and its breadcrumb leads back without a reload', async ({
    page,
    request,
  }) => {
    const path = '/collections/apparel/products/linen-shirt';
    for (let i = 0; i < 2; i++) await request.get(path, { headers: { Cookie: 'token=e2e-signed-in' } });
    await page.goto(path);
    await hydrated(page);
    await page.locator('label.chip', { hasText: 'Sage' }).click();
    await expect(page.locator('.gallery__main img')).toHaveAttribute('src', /linen-shirt-sage/);
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Apparel' }).click();
    await expect(page).toHaveURL(/\/collections\/apparel$/);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});

test.describe('a page written whole from its template (server/ssr/document-cache.ts)', () => {
  // Rendered for a signed-in visitor (never from the page cache); the third time from the same data the
  // page is written from the template the second one left, the countdown rendered alone into it.
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'token', value: 'e2e-signed-in', url: E2E_ORIGIN }]);
  });

  test('hydrates without a mismatch, gzipped from its pieces; its countdown runs and its links navigate', async ({
    page,
    request,
  }) => {
    const signedIn = { Cookie: 'token=e2e-signed-in', 'Accept-Encoding': 'gzip' };
    for (let i = 0; i < 2; i++) await request.get('/?utm_campaign=document-cache', { headers: signedIn });
    const written = await request.get('/?utm_campaign=document-cache', { headers: signedIn });
    expect(written.headers()['content-encoding']).toBe('gzip');
    expect(await written.text()).toContain('Winter sale ends in');
    await page.goto('/?utm_campaign=document-cache');
    await hydrated(page);
    await page.locator('.countdown').scrollIntoViewIfNeeded();
    const seconds = page.locator('.countdown__group').nth(3).locator('.countdown__digits');
    const before = await seconds.textContent();
    await expect(seconds).not.toHaveText(before!, { timeout: 3000 });
    await page.getByRole('link', { name: 'Yoga Mat' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Yoga Mat' })).toBeVisible();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});
