// Every page type: usable at 375 px and 1280 px, axe finds nothing, the HTML passes the Nu checker.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const PAGES = {
  home: '/',
  collection: '/collections/apparel',
  all: '/collections/all?sort=bestseller',
  product: '/products/linen-shirt',
  'collection product': '/collections/hot-sale/products/rain-jacket',
  search: '/search?q=linen',
  'theme page': '/pages/about',
  policies: '/policies',
  'policy page': '/pages/privacy-policy',
  cart: '/cart',
  'not found': '/no/such/page',
  french: '/collections/home-living?lang=fr&currency=EUR',
};

for (const [name, path] of Object.entries(PAGES)) {
  for (const width of [375, 1280]) {
    test(`${name} at ${width} px: nothing wider than the screen, axe finds no violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // Nothing moves while axe looks (the countdown then ticks once a second).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }
}

test('the HTML of every page type passes the Nu HTML checker (errors only)', async ({ request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-vnu-'));
  try {
    const files = await Promise.all(
      Object.entries(PAGES).map(async ([name, path]) => {
        const file = join(dir, `${name.replace(/\W+/g, '-')}.html`);
        writeFileSync(file, await (await request.get(path)).text());
        return file;
      }),
    );
    let report: string;
    try {
      report = execFileSync(
        'java',
        ['-jar', 'node_modules/vnu-jar/build/dist/vnu.jar', '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      report = (error as { stderr?: string }).stderr ?? '';
    }
    const raw = report.trim() || '{"messages":[]}';
    const messages = (JSON.parse(raw) as { messages: { url: string; message: string; extract?: string }[] }).messages;
    expect(messages.map((m) => `${m.url.split('/').pop()}: ${m.message} ${m.extract ?? ''}`)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});

test('on a phone the menu opens as a drawer and closes again', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'New arrivals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New arrivals' })).toBeVisible();
  await expect(drawer).toBeHidden();
});

test('robots.txt and sitemap.xml list the shop', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/products/linen-shirt</loc>');
  expect(sitemap).toContain('/collections/all</loc>');
  expect(sitemap).not.toContain('enamel-camp-mug');
});
