// Going through the shop's buy box, cart and checkout pages as a shopper does, in English, with the
// shared test address.
import type { Page } from '@playwright/test';
import { expect, hydrated } from './fixtures';

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Contact and shipping address on the information step (or the one-page checkout), the last field left. */
/** What the information step is filled with: a country without states to choose has no `province`. */
export interface ShopperDetails {
  country: string;
  province?: string;
  lastName: string;
  address1: string;
  city: string;
  zip: string;
  phone: string;
}

export const SAN_FRANCISCO: ShopperDetails = {
  country: 'US',
  province: 'CA',
  lastName: 'Lovelace',
  address1: '1 Market Street',
  city: 'San Francisco',
  zip: '94103',
  phone: '415 555 0100',
};

export async function fillInformation(page: Page, details: ShopperDetails = SAN_FRANCISCO) {
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Country/region').selectOption(details.country);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Address', { exact: true }).fill(details.address1);
  await page.getByLabel('City').fill(details.city);
  if (details.province) await page.getByLabel('State/province').selectOption(details.province);
  await page.getByLabel('ZIP/postal code').fill(details.zip);
  await page.getByLabel('Mobile phone').fill(details.phone);
  await page.getByLabel('Mobile phone').blur();
}

/** The multi-step checkout from its information step to its payment step. */
export async function toPaymentStep(page: Page) {
  await fillInformation(page);
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment/);
}

/** The test card's fields: `number`, a future expiry, a security code and a name. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/^Expir(y|ation) date/).fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}

/**
 * Every body the page sends with fetch, recorded in the page before it goes out (Chromium does not
 * report the bodies of fetch uploads to Playwright). `leaks()` lists those, other than the card
 * provider's own call, that hold a test card number.
 */
export async function watchBodies(page: Page) {
  const bodies: { url: string; body: string }[] = [];
  await page.exposeFunction('__vitrineRecordBody', (url: string, body: string) => bodies.push({ url, body }));
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') {
        const body = await request.clone().text();
        await (window as unknown as { __vitrineRecordBody: (u: string, b: string) => Promise<void> }).__vitrineRecordBody(
          request.url,
          body,
        );
      }
      return original(request);
    };
  });
  return {
    bodies,
    leaks: () =>
      bodies
        .filter((b) => !b.url.includes('/api/payment-providers/test-card/tokens'))
        .filter((b) => /4242\s*4242|4000\s*0000\s*0000\s*0002|4242424242424242|4000000000000002/.test(b.body)),
    sent: (path: string) => bodies.filter((b) => b.url.includes(path)).map((b) => JSON.parse(b.body) as Record<string, unknown>),
  };
}

/** The buy box hydrates in its own boundary: step the quantity until it answers, then it is live. */
export async function buyBoxLive(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  const quantity = page.getByRole('spinbutton', { name: /Quantity|Quantité|Ποσότητα/ });
  const more = page.locator('.buy-box .quantity__control button').last();
  const less = page.locator('.buy-box .quantity__control button').first();
  await expect(async () => {
    if ((await quantity.inputValue()) === '1') await more.click();
    await expect(quantity).toHaveValue('2', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await less.click();
  await expect(quantity).toHaveValue('1');
}

export async function buyNow(page: Page, path = '/products/linen-shirt') {
  await buyBoxLive(page, path);
  await page.locator('.buy-box__actions .button--secondary').click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
}

/**
 * Adds the product at `path` once from its buy box and waits for the shop to say so. The cart call's
 * answer is checked first, so a refused add (sold out, a server error) fails here saying why.
 */
export async function addToCart(page: Page, path = '/products/linen-shirt') {
  await buyBoxLive(page, path);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shopping-carts' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Add to cart' }).click(),
  ]);
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toBeVisible();
}

/** Adds the product at `path` to the cart, then checks out from the cart page. */
export async function fromCart(page: Page, path = '/products/linen-shirt') {
  await addToCart(page, path);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check out' }).click();
}

/** The checkout was paid: the thank-you page. */
export async function paid(page: Page) {
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}/, { timeout: 15_000 });
}

/**
 * The header's cart link shows no count (an order paid took what was in the cart). The badge is drawn
 * once the count is known, so a badge left over from before the payment fails this.
 */
export async function expectEmptyCartBadge(page: Page) {
  await expect(page.locator('.site-header__cart')).toBeVisible();
  await expect(page.locator('.site-header__cart-count')).toHaveCount(0);
}
