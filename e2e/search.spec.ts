// Search as a shopper uses it, at 375 and 1280 px, in English and French: plurals found (stemming),
// suggestions under the box as they type, chosen with the keyboard; the phone header's search button;
// and order tracking by order number and email.
import type { Page } from '@playwright/test';
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const LANGUAGES = {
  en: { words: en, plural: 'shirts', shirt: 'Linen Shirt' },
  fr: { words: fr, plural: 'chemises', shirt: 'Chemise en lin' },
} as const;

/** The search box of the header: behind the search button on a phone, in the bar on a desktop. */
async function openSearchBox(page: Page, width: number, words: typeof en) {
  if (width < 1024) {
    await page.getByRole('banner').getByRole('button', { name: words.search.open }).click();
    const dialog = page.getByRole('dialog', { name: words.search.label });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('combobox', { name: words.search.label });
    await expect(box).toBeFocused();
    return box;
  }
  // The bar has room for the box: no button.
  await expect(page.getByRole('banner').getByRole('button', { name: words.search.open })).toBeHidden();
  const box = page.getByRole('banner').getByRole('combobox', { name: words.search.label }).first();
  await box.click();
  return box;
}

for (const width of [375, 1280]) {
  for (const [lang, { words, plural, shirt }] of Object.entries(LANGUAGES)) {
    test(`search at ${width} px in ${lang}: "${plural}" finds the linen shirt, suggestions by keyboard`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });

      // The results page finds the plural by the singular title.
      await page.goto(`/search?q=${plural}&lang=${lang}`);
      await hydrated(page);
      await expect(page.locator('.listing__grid').getByRole('link', { name: shirt })).toBeVisible();

      await page.goto(`/?lang=${lang}`);
      await hydrated(page);
      const box = await openSearchBox(page, width, words);
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await box.pressSequentially(plural, { delay: 30 });

      const list = page.getByRole('listbox', { name: words.search.suggestions });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
      const options = list.getByRole('option');
      await expect(options.first()).toContainText(shirt);
      // The last option searches for the words typed.
      await expect(options.last()).toHaveText(words.search.seeAll.replace('{{q}}', plural));
      const count = (await options.count()) - 1;
      await expect(page.getByRole('status').filter({ hasText: words.search.suggestionCount.split('{{count}}')[0]! })).toHaveText(
        words.search.suggestionCount.replace('{{count}}', String(count)),
      );
      await expectNoAxeViolations(page);

      // Arrow keys move the active option while focus stays in the box.
      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
      await expect(box).toBeFocused();
      await box.press('ArrowUp');
      await expect(options.last()).toHaveAttribute('aria-selected', 'true');
      await expect(options.first()).toHaveAttribute('aria-selected', 'false');
      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');

      // Escape closes the list and keeps the words; the down arrow opens it again.
      await box.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).not.toHaveAttribute('aria-activedescendant');
      await expect(box).toHaveValue(plural);
      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');

      // Enter opens the active suggestion.
      await box.press('Enter');
      await expect(page).toHaveURL(/\/products\/linen-shirt/);
      await expect(page.getByRole('heading', { level: 1, name: shirt })).toBeVisible();
    });
  }

  test(`the search box at ${width} px suggests collections too, and Enter with none chosen searches`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?lang=en');
    await hydrated(page);
    const box = await openSearchBox(page, width, en);
    await box.pressSequentially('access', { delay: 30 });
    const list = page.getByRole('listbox', { name: en.search.suggestions });
    await expect(list.getByRole('group', { name: en.search.collections }).getByRole('option')).toHaveText(['Accessories']);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=access/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.search.titleFor.replace('{{q}}', 'access'));
  });

  for (const [lang, { words }] of Object.entries(LANGUAGES)) {
    test(`tracking at ${width} px in ${lang}: the order by its number and email, never another's`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      const { orderNumber } = (await (await request.get('/api/orders/tracking?number=VGTRACK0001')).json()).data as {
        orderNumber: string;
      };
      await page.goto(`/track?lang=${lang}`);
      await hydrated(page);
      const form = page.getByRole('form', { name: words.tracking.byOrder.title });
      const number = form.getByLabel(words.tracking.byOrder.orderNumber);
      const email = form.getByLabel(words.tracking.byOrder.email);
      const submit = form.getByRole('button', { name: words.tracking.byOrder.submit });

      // Nothing typed: each field says so.
      await submit.click();
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await expect(number).toBeFocused();
      await expect(number).toHaveAccessibleDescription(words.checkout.validation.required);

      // Another shopper's email: the order "does not exist", as if the number were wrong.
      await number.fill(orderNumber);
      await email.fill('grace@example.com');
      await submit.click();
      await expect(form.getByRole('alert')).toHaveText(words.errors.orderNotFound);
      await expect(page.getByRole('heading', { name: words.order.number.replace('{{number}}', orderNumber) })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await email.fill('ada@example.com');
      await submit.click();
      await expect(
        page.getByRole('heading', { level: 2, name: words.order.number.replace('{{number}}', orderNumber) }),
      ).toBeVisible();
      await expect(form.getByRole('alert')).toHaveText('');
      await expect(page.getByRole('heading', { name: words.tracking.events })).toBeVisible();
      await expect(page.locator('.tracking__event')).not.toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
}
