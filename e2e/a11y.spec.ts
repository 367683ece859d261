import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures';

for (const path of ['/', '/products/linen-shirt', '/collections/hot-sale', '/pages/about', '/pages/no-such-page', '/?lang=fr']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});
