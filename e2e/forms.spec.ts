// The shopper's forms in Chromium (issue 26, "Done when"), in English and German at 375 px: the contact
// form (its problems beside its fields, then sent, with the shopper's copy in the outbox), the footer's
// newsletter sign-up confirmed from the link of its mail, and the feedback form. What came in is read back
// through the merchant's calls: people's sends, none taken for a bot's. Every label is read from the locale
// file the page is drawn from; axe finds nothing on each page.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { mailCount, mailedLink, newEmail } from './outbox';
import { MERCHANT_TOKEN } from './playwright.config';
import { wordsOf } from './locale-words';

const merchant = { Authorization: `Bearer ${MERCHANT_TOKEN}` };

/** What the merchant's call lists, of a kind, for one address. */
async function received(page: Page, kind: 'contact' | 'feedback', email: string) {
  const answer = await page.request.get(`/api/shopper-messages?kind=${kind}&pageSize=100`, { headers: merchant });
  const { data } = (await answer.json()) as {
    data: { email: string | null; failedChecks: string[]; spam: boolean; message: string }[];
  };
  return data.find((m) => m.email === email);
}

async function open(page: Page, path: string, locale: string) {
  await page.goto(`${path}?lang=${locale}`);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en-US' : locale);
}

for (const locale of ['en', 'de']) {
  test.describe(`shopper forms (${locale}, 375 px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
    });

    test('the contact form shows each problem beside its field, then sends, and the shopper gets a copy', async ({ page }) => {
      const t = wordsOf(locale);
      const email = newEmail(`contact-${locale}`);
      await open(page, '/pages/contact', locale);
      const form = page.locator('.shopper-form');
      const field = (key: string) => form.getByLabel(t(`blocks.contact-form.${key}`), { exact: true });
      // Sent empty: the required fields say so, tied to them, and the first gets the focus.
      await form.getByRole('button', { name: t('blocks.contact-form.send') }).click();
      await expect(field('name')).toBeFocused();
      await expect(field('name')).toHaveAccessibleDescription(t('forms.problems.required'));
      await expect(field('message')).toHaveAttribute('aria-invalid', 'true');
      await field('email').fill('maya@');
      await field('email').blur();
      await expect(field('email')).toHaveAccessibleDescription(t('forms.problems.email'));
      await expectNoAxeViolations(page);

      await field('name').fill('Maya Okafor');
      await field('email').fill(email);
      await form.getByLabel(new RegExp(`^${t('blocks.contact-form.phone')}`)).fill('+49 30 901820');
      await field('message').fill(`Where is my order? (${locale})`);
      await form.getByRole('button', { name: t('blocks.contact-form.send') }).click();
      await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(t('blocks.contact-form.sent', { email }), {
        timeout: 15_000,
      });
      await expectNoAxeViolations(page);

      // The copy in the shopper's inbox, and the message as the merchant reads it: a person's.
      await expect.poll(async () => mailCount(email), { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => received(page, 'contact', email)).toMatchObject({ failedChecks: [], spam: false });
    });

    test('the footer’s newsletter sign-up is confirmed from the link of its mail', async ({ page }) => {
      const t = wordsOf(locale);
      const email = newEmail(`newsletter-${locale}`);
      await open(page, '/', locale);
      const footer = page.locator('.site-footer .newsletter');
      await footer.getByLabel(t('newsletter.email'), { exact: true }).fill(email);
      await footer.getByRole('button', { name: t('newsletter.subscribe') }).click();
      await expect(footer.getByRole('status')).toHaveText(t('newsletter.checkInbox'), { timeout: 15_000 });
      await expectNoAxeViolations(page, '.site-footer');

      await page.goto(await mailedLink(email, '/newsletter/confirm'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('newsletter.confirm.title'));
      const done = t('newsletter.confirm.done', { email: `${email.slice(0, 1)}•••@example.com` });
      await expect(page.getByRole('status').filter({ hasText: done })).toHaveText(done);
      await expectNoAxeViolations(page);
      const listed = await page.request.get('/api/newsletter/subscribers?state=subscribed&pageSize=100', { headers: merchant });
      const subscribers = ((await listed.json()) as { data: { email: string; ledger: { event: string }[] }[] }).data;
      expect(subscribers.find((s) => s.email === email)?.ledger.map((l) => l.event)).toEqual(['requested', 'confirmed']);
    });

    test('the feedback page takes a rating and a message', async ({ page }) => {
      const t = wordsOf(locale);
      const email = newEmail(`feedback-${locale}`);
      await open(page, '/pages/feedback', locale);
      const form = page.locator('.shopper-form');
      await form.getByRole('button', { name: t('blocks.feedback-form.send') }).click();
      await expect(form.getByRole('radio').first()).toBeFocused();
      await expect(form.getByRole('group', { name: t('blocks.feedback-form.rating') })).toHaveAccessibleDescription(
        t('forms.problems.rating'),
      );
      await form.getByRole('radio', { name: t('blocks.feedback-form.ratings.4') }).check();
      await form.getByLabel(t('blocks.feedback-form.message'), { exact: true }).fill(`Lovely linen (${locale})`);
      await form.getByLabel(new RegExp(`^${t('blocks.feedback-form.email').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).fill(email);
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: t('blocks.feedback-form.send') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('blocks.feedback-form.sent') })).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page);
      await expect.poll(async () => received(page, 'feedback', email)).toMatchObject({ failedChecks: [], spam: false });
    });
  });
}
