// The payment pages where the shopper acts in the shop (spec sections 2 and 4): the address-check card
// in the checkout leads to /payment/confirmAddress, confirming pays; past the countdown (the browser's
// clock moved on) the order is canceled and "Order again" refills the cart; the wallet's
// /payment/replenishAddress and /payment/confirmShipping go on to the thank-you page. Axe finds nothing
// on each, in English and German; an unknown order is the 404 page.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { fillCard, toPaymentStep } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { apiData, readyCheckout } from './shop-api';
import { signed } from './signed';

type Way = 'addressCheck' | 'noPhone' | 'confirmShipping';

/** An order of Wall Clock ×2 (a product no other end-to-end test buys, so its stock lasts) bought through the API by another visitor, left waiting on a shop page. */
async function waitingOrder(request: APIRequestContext, way: Way): Promise<string> {
  const headers = { customerUUID: randomUUID() };
  const token = await readyCheckout(request, {
    visitor: headers.customerUUID,
    handle: 'wall-clock',
    quantity: 2,
    fromCart: true,
  });
  const pay = async (body: Record<string, unknown>) =>
    apiData<{ status: string; action?: string; orderToken: string; next: string }>(
      await request.post(signed('/api/payment/create-order', body, headers.customerUUID), { headers, data: body }),
    );
  const base = { checkoutToken: token, idempotencyKey: randomUUID() };
  if (way === 'addressCheck') {
    const card = await apiData<{ token: string }>(
      await request.post('/api/payment-providers/test-card/tokens', {
        headers,
        data: { number: '4000 0000 0000 0010', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
      }),
    );
    const outcome = await pay({ ...base, paymentMethodCode: 'card', paymentToken: card.token });
    expect(outcome.action).toBe('confirmAddress');
    return outcome.orderToken;
  }
  // The wallet: its own page answered as the shopper would, then the shop's return call.
  const outcome = await pay({ ...base, paymentMethodCode: 'paypal' });
  const answered = await request.post(new URL(outcome.next).pathname, { form: { answer: way }, maxRedirects: 0 });
  expect(answered.status()).toBe(303);
  const body = { orderToken: outcome.orderToken };
  const back = await apiData<{ action?: string; next: string }>(
    await request.post(signed('/api/paymentStrategy/confirm', body, headers.customerUUID), { headers, data: body }),
  );
  expect(back.action).toBe(way === 'noPhone' ? 'replenishAddress' : 'confirmShipping');
  return outcome.orderToken;
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await hydrated(page);
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(title).toBeFocused();
  return title;
}

test('the address-check card in the checkout: confirm the address before the countdown ends, then thank-you', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/products/rain-jacket');
  await hydrated(page);
  await expect(async () => {
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{32}$/);
  await hydrated(page);
  await toPaymentStep(page);
  await fillCard(page, '4000 0000 0000 0010');
  await page.getByRole('button', { name: 'Complete order' }).click();

  await page.waitForURL(/\/payment\/confirmAddress\?order=[0-9a-f]{32}$/, { timeout: 15_000 });
  const confirmUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your shipping address' })).toBeFocused();
  const timer = page.getByRole('timer', { name: 'Time left to confirm your address' });
  await expect(timer).toContainText(/1[45] minutes/);
  await expect(timer.locator('[aria-hidden="true"]')).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('1 Market Street');
  await expectNoAxeViolations(page);

  // A field the rules refuse is said beside it and in the summary, and gets the focus.
  await page.getByLabel('City').fill('');
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: /City/ })).toBeVisible();
  await expect(page.getByLabel('City')).toBeFocused();
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel(/^Apartment, suite, etc./).fill('Suite 5');
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.locator('.order__badge--paid')).toBeVisible();
  await expect(page.getByText('Suite 5')).toBeVisible();
  // The page of a paid order leads to its thank-you page.
  await page.goto(confirmUrl);
  await page.waitForURL(/\/thankyou\/[0-9a-f]{32}$/);
});

test('past the countdown the order is canceled, and Order again refills the cart (German)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await waitingOrder(request, 'addressCheck');
  await page.clock.install();
  await open(page, `/payment/confirmAddress?order=${token}&lang=de`, 'Bestätigen Sie Ihre Lieferadresse');
  await expect(page.getByRole('timer')).toContainText(/1[45] Minuten/);
  await expectNoAxeViolations(page);

  await page.clock.fastForward('15:05');
  const canceled = page.getByRole('heading', { level: 1, name: 'Ihre Bestellung wurde storniert' });
  await expect(canceled).toBeFocused();
  await expect(page.getByText(/wurde storniert, weil ihre Lieferadresse nicht rechtzeitig bestätigt wurde/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adresse bestätigen' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Erneut bestellen' }).click();
  await page.waitForURL(/\/cart$/);
  // The browser's own visitor (another than the buyer's API calls) now holds the order's lines.
  const visitor = (await page.context().cookies()).find((c) => c.name === 'sakUUID')!.value;
  const answer = await page.request.get('/api/multicurrency/shopping-carts', { headers: { customerUUID: visitor } });
  const cart = (await answer.json()) as {
    data: { lines: { quantity: number; title: string }[] };
  };
  expect(cart.data.lines.map((l) => l.quantity)).toEqual([2]);
  await expect(page.locator('main')).toContainText(cart.data.lines[0]!.title);
});

test('replenishAddress and confirmShipping: axe finds nothing in English and German; each goes on to thank-you', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const incomplete = await waitingOrder(request, 'noPhone');
  await open(page, `/payment/replenishAddress?order=${incomplete}&lang=de`, 'Lieferadresse vervollständigen');
  await expectNoAxeViolations(page);
  await open(page, `/payment/replenishAddress?order=${incomplete}&lang=en`, 'Complete your shipping address');
  // Prefilled with what the order has (the fields it lacks are marked: the render tests show that).
  const phone = page.getByLabel('Mobile phone');
  await expect(page.getByLabel('City')).toHaveValue(TEST_ADDRESS.city);
  await expectNoAxeViolations(page);
  await phone.fill('415 555 0188');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**/thankyou/${incomplete}`, { timeout: 15_000 });

  const reshipped = await waitingOrder(request, 'confirmShipping');
  await open(page, `/payment/confirmShipping?order=${reshipped}&lang=de`, 'Versandpreis bestätigen');
  await expectNoAxeViolations(page);
  await open(page, `/payment/confirmShipping?order=${reshipped}&lang=en`, 'Confirm the shipping price');
  await expect(page.locator('.order__totals')).toContainText('Shipping');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await page.waitForURL(`**/thankyou/${reshipped}`, { timeout: 15_000 });
});

test('an unknown order is the 404 page', async ({ page }) => {
  const response = await page.goto(`/payment/confirmAddress?order=${randomBytes(16).toString('hex')}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});
