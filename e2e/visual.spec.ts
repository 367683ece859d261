// Visual snapshots of the main page types (committed under e2e/__screenshots__, reviewed by eye when
// they change: `npx playwright test -c e2e/playwright.config.ts visual --update-snapshots`).
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

async function settle(page: Page) {
  await hydrated(page);
  // Every image in view has arrived and been drawn.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete && img.naturalWidth > 0),
  );
}

const shots = [
  ['home', '/'],
  ['collection', '/collections/apparel'],
  ['product', '/products/linen-shirt'],
] as const;

for (const [name, path] of shots) {
  for (const width of [1280, 375]) {
    test(`${name} looks as reviewed at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await settle(page);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        mask: [page.locator('.countdown__groups')],
        maxDiffPixelRatio: 0.01,
      });
    });
  }
}
