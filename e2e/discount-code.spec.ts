// A discount code the shopper cannot use is refused in the server's own words, beside the code, and the
// checkout goes on to a paid order (issue 23, item 1): WELCOME10 (once per customer) already used with
// the email told is refused when applied, and taken off, saying why, when the email changes to that one
// afterwards; an expired code says it expired; a declined card keeps the name on the card. At 375 and
// 1280 px, in English and German, with no axe violations.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { buyNow, DECLINED_CARD, GOOD_CARD, paid } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { apiData, fullestSku } from './shop-api';
import { signed } from './signed';

const PRODUCT = '/products/rain-jacket';
type Words = typeof en;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);

/** `email` has used WELCOME10: a paid order of its own, made through the API. */
async function usedWelcome(request: APIRequestContext, email: string) {
  const visitor = randomUUID();
  const headers = { customerUUID: visitor };
  const skuId = await fullestSku(request, 'rain-jacket');
  const { token } = await apiData<{ token: string }>(
    await request.post('/api/multicurrency/general/checkout', { headers, data: { buyNow: { skuId, quantity: 1 } } }),
  );
  await apiData(
    await request.post('/api/multicurrency/asyncPayInfoSave', {
      headers,
      data: { token, email, shippingAddress: TEST_ADDRESS, shippingTemplateId: 1 },
    }),
  );
  await apiData(
    await request.post('/api/multicurrency/general/coupon', { headers, data: { code: 'WELCOME10', checkoutToken: token } }),
  );
  const card = await apiData<{ token: string }>(
    await request.post('/api/payment-providers/test-card/tokens', {
      headers,
      data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
    }),
  );
  const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken: card.token, idempotencyKey: randomUUID() };
  const outcome = await apiData<{ status: string }>(
    await request.post(signed('/api/payment/create-order', body, visitor), { headers, data: body }),
  );
  expect(outcome.status).toBe('paid');
}

/** The multi-step checkout of one rain jacket, in `locale`, at `width`. */
async function startCheckout(page: Page, width: number, locale: string) {
  await page.setViewportSize({ width, height: 900 });
  await buyNow(page, PRODUCT);
  await page.goto(locale === 'en' ? page.url() : page.url().replace(/^(https?:\/\/[^/]+)/, `$1/${locale}`));
  await hydrated(page);
}

/** The contact's email, left (saved as the shopper leaves it): the answer of its save is awaited. */
async function tellEmail(page: Page, words: Words, email: string) {
  const field = page.getByLabel(words.checkout.contact.email, { exact: true });
  await field.fill(email);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/multicurrency/asyncPayInfoSave') && r.request().method() === 'POST'),
    field.blur(),
  ]);
}

async function fillAddress(page: Page) {
  const field = (name: string) => page.locator(`#checkout-shippingAddress-${name}`);
  await field('country').selectOption('US');
  await field('firstName').fill('Ada');
  await field('lastName').fill('Lovelace');
  await field('address1').fill('1 Market Street');
  await field('city').fill('San Francisco');
  await field('province').selectOption('CA');
  await field('zip').fill('94103');
  await field('phone').fill('415 555 0100');
  await field('phone').blur();
}

/** The discount code's field and its Apply button (the summary opened first on a phone). */
async function discountCode(page: Page, words: Words) {
  const toggle = page.getByRole('button', { name: new RegExp(words.checkout.summary.show) });
  if (await toggle.isVisible()) await toggle.click();
  const form = page.locator('.discount-code form');
  return {
    field: page.getByLabel(words.checkout.discount.label, { exact: true }),
    apply: form.getByRole('button', { name: words.checkout.discount.apply }),
    error: form.locator('.field__error'),
  };
}

async function toPayment(page: Page, words: Words) {
  await page.getByRole('button', { name: words.checkout.next.shipping }).click();
  await page.waitForURL(/\/checkout\/shipping/);
  await page.getByRole('button', { name: words.checkout.next.payment }).click();
  await page.waitForURL(/\/checkout\/payment/);
  await hydrated(page);
}

async function fillCard(page: Page, words: Words, number: string) {
  await page.getByLabel(words.checkout.card.number).fill(number);
  // The browser's English is American here: "Expiration date" (locales/en-US.json).
  await page.getByLabel(words === en ? /^Expir(y|ation) date/ : words.checkout.card.expiry).fill('12/34');
  await page.getByLabel(words.checkout.card.cvc).fill('123');
  await page.getByLabel(words.checkout.card.name).fill('Ada Lovelace');
}

const discountRow = (page: Page, words: Words) =>
  page.locator('.summary-totals dt', { hasText: new RegExp(`^${words.checkout.summary.discount}$`) });

for (const [locale, words, width] of [
  ['en', en, 1280],
  ['de', de as Words, 375],
] as const) {
  test.describe(`a discount code that cannot be used (${locale}, ${width} px)`, () => {
    // Refused codes (400) and the declined card (402) are logged by the browser as failed loads.
    test.use({ expectedConsoleErrors: [/status of 40[02]/] });

    test('WELCOME10 already used with the email told is refused when applied, in the server’s words; an expired code says it expired; the order is paid', async ({
      page,
      request,
    }) => {
      const email = `used-${randomUUID().slice(0, 8)}@example.com`;
      await usedWelcome(request, email);
      await startCheckout(page, width, locale);
      await tellEmail(page, words, email);
      await fillAddress(page);

      const code = await discountCode(page, words);
      await code.field.fill('SUMMER2026');
      await code.apply.click();
      await expect(code.error).toHaveText(words.checkout.validation.couponExpired);
      await expect(code.field).toHaveAttribute('aria-invalid', 'true');

      await code.field.fill('WELCOME10');
      await code.apply.click();
      await expect(code.error).toHaveText(words.checkout.validation.couponOncePerEmail);
      await expect(code.error).not.toHaveText(words.errors.badRequest);
      await expect(discountRow(page, words)).toHaveCount(0);
      await expectNoAxeViolations(page);

      await toPayment(page, words);
      await fillCard(page, words, GOOD_CARD);
      await page.getByRole('button', { name: words.checkout.payment.complete }).click();
      await paid(page);
    });

    test('WELCOME10 applied, then the email changed to one that used it: taken off saying why; a decline keeps the card’s name; the order is paid', async ({
      page,
      request,
    }) => {
      const used = `used-${randomUUID().slice(0, 8)}@example.com`;
      await usedWelcome(request, used);
      await startCheckout(page, width, locale);
      await tellEmail(page, words, `new-${randomUUID().slice(0, 8)}@example.com`);
      await fillAddress(page);

      const code = await discountCode(page, words);
      await code.field.fill('WELCOME10');
      await code.apply.click();
      await expect(page.getByText(fill(words.checkout.discount.applied, { code: 'WELCOME10' }))).toBeVisible();
      await expect(discountRow(page, words)).toHaveCount(1);

      await tellEmail(page, words, used);
      const removed = fill(words.checkout.discount.removed, {
        code: 'WELCOME10',
        reason: words.checkout.validation.couponOncePerEmail,
      });
      // Beside the code (the folded summary opens on a phone to say so), and the discount is gone.
      await expect(code.error).toHaveText(removed);
      await expect(code.error).toBeVisible();
      await expect(discountRow(page, words)).toHaveCount(0);
      await expect(page.getByText(fill(words.checkout.discount.applied, { code: 'WELCOME10' }))).toBeHidden();
      await expectNoAxeViolations(page);

      await toPayment(page, words);
      await fillCard(page, words, DECLINED_CARD);
      await page.getByRole('button', { name: words.checkout.payment.complete }).click();
      await expect(page.locator('.checkout-pay__failure')).toHaveText(words.errors.issuerRefused);
      await expect(page.getByLabel(words.checkout.card.name)).toHaveValue('Ada Lovelace');
      await expect(page.getByLabel(words.checkout.card.number)).toHaveValue('');

      await fillCard(page, words, GOOD_CARD);
      await page.getByRole('button', { name: words.checkout.payment.complete }).click();
      await paid(page);
    });
  });
}
