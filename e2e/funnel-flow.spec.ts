// The demo funnel end to end in Chromium (fixtures/funnels/summer-linen.json): landing -> funnel checkout
// with the test card -> upsell accepted in one click (a second charge, no card form) -> thank-you with
// both orders; upsell declined -> downsell accepted; the wallet; an offer past its window refused; and a
// merchant's changes (block order, step order) seen by the next shopper.
import type { APIRequestContext, Page } from '@playwright/test';
import { CURRENCY_COOKIE } from '../renderer/state/cookies';
import { fillCard, fillInformation, GOOD_CARD } from './checkout-page';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';
import { E2E_ORIGIN } from './signed';

const auth = { Authorization: `Bearer ${MERCHANT_TOKEN}` };

/** From a funnel's checkout step to the order paid: the product chosen, details told, the card or PayPal. */
async function buy(page: Page, checkout: string, method: 'card' | 'paypal' | 'oxxo' = 'card') {
  // OXXO is paid in Mexico, in pesos: the shopper is there, with the page in pesos.
  if (method === 'oxxo') await page.context().addCookies([{ name: CURRENCY_COOKIE, value: 'MXN', url: E2E_ORIGIN }]);
  await page.goto(checkout);
  await hydrated(page);
  await expect(page.getByRole('radio', { name: /Linen Shirt/ })).toBeChecked();
  // The tee, not the preselected shirt: the specs share one shop, and others buy the shirt's first size.
  await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
  if (method === 'oxxo') {
    await fillInformation(page, MEXICO_CITY);
  } else {
    await fillInformation(page);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
  }
  if (method === 'card') {
    await fillCard(page, GOOD_CARD);
  } else {
    await page.getByRole('radio', { name: method === 'paypal' ? 'PayPal' : 'OXXO', exact: true }).check();
  }
  await page.getByRole('button', { name: 'Complete order' }).click();
}

/** A shopper in Mexico City (the country has no states to choose in the shop's form). */
const MEXICO_CITY = {
  country: 'MX',
  lastName: 'García',
  address1: 'Avenida Juárez 10',
  city: 'Ciudad de México',
  zip: '06050',
  phone: '55 5555 0100',
};

const orderOf = (page: Page) => new URL(page.url()).searchParams.get('order')!;

test('landing -> checkout with the test card -> upsell accepted in one click -> thank-you with both orders', async ({ page }) => {
  await page.goto('/funnel/summer-linen');
  await hydrated(page);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Get yours' }).click();
  await page.waitForURL(/pageId=checkout/);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
  await expectNoAxeViolations(page);

  await buy(page, page.url());
  await page.waitForURL(/pageId=socks&order=[0-9a-f]{32}$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Wait! Add socks for 20% off' })).toBeVisible();
  await expect(page.getByText(/This offer ends in 0?9:\d\d|This offer ends in 10:00/)).toBeVisible();
  // One click: no card form on the offer.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const main = orderOf(page);
  // A double click charges once: the second click finds the first on its way.
  await page.getByRole('button', { name: 'Yes, add it to my order' }).dblclick();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: /Thank you, Ada/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Crew Socks, 3-Pack')).toHaveCount(1);
  await expect(page.getByText('Organic Cotton Tee')).toBeVisible();
  // One heading, and one total for both orders: the sum of each order's total.
  await expect(page.locator('h1')).toHaveCount(1);
  const amount = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
  const orderTotals = (await page.locator('.order__totals:not(.order__combined) .order__totals-total dd').allTextContents()).map(
    amount,
  );
  expect(orderTotals).toHaveLength(2);
  const combined = page.locator('.order__combined').filter({ hasText: 'Total for all your orders' });
  await expect(combined).toHaveCount(1);
  expect(amount(await combined.locator('dd').textContent())).toBeCloseTo(orderTotals[0]! + orderTotals[1]!, 2);
  await expectNoAxeViolations(page);
  expect(orderOf(page)).toBe(main);
  // In German at 375 px: one heading and the one total, in the buyer's words.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${page.url()}&lang=de`);
  await hydrated(page);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('.order__combined')).toContainText('Gesamtsumme aller Bestellungen');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto(`/funnel/summer-linen?pageId=thanks&order=${main}&lang=en`);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The back button to the offer: answered already, the shopper is sent on to the thank-you step.
  await page.goto(`/funnel/summer-linen?pageId=socks&order=${main}`);
  await page.waitForURL(/pageId=thanks/);
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
});

test('the landing page loads React and its countdown alone: the clock runs, a reload keeps the deadline, the button is a plain link', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/funnel/summer-linen');
  await hydrated(page);
  // An islands page: no router, no shop entry; the countdown's code only.
  expect(scripts.some((path) => /\/entry-islands-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/(entry-client|vendor)-/.test(path))).toEqual([]);
  expect(scripts.filter((path) => /\/(ImageBanner|RichText|Faq|Testimonials|Guarantee)-/.test(path))).toEqual([]);
  const seconds = page.locator('.countdown__group').nth(3).locator('.countdown__digits');
  const minutes = page.locator('.countdown__group').nth(2).locator('.countdown__digits');
  await page.locator('.countdown').scrollIntoViewIfNeeded();
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first!, { timeout: 3000 });
  // The FAQ opens without JavaScript of its own (a native disclosure).
  await page.getByText('When will my shirt arrive?').click();
  await expect(page.getByText(/It ships the next business day/)).toBeVisible();
  // The visitor's deadline is theirs: a reload draws the same minutes, not the full time again.
  const before = Number(await minutes.textContent()) * 60 + Number(await seconds.textContent());
  await page.reload();
  await hydrated(page);
  const after = Number(await minutes.textContent()) * 60 + Number(await seconds.textContent());
  expect(after).toBeLessThanOrEqual(before);
  expect(before - after).toBeLessThan(30);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Get yours' }).click();
  await page.waitForURL(/pageId=checkout/);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
});

test('upsell declined -> downsell accepted -> thank-you shows the downsell’s order', async ({ page }) => {
  await buy(page, '/funnel/summer-linen?pageId=checkout');
  await page.waitForURL(/pageId=socks/, { timeout: 20_000 });
  await hydrated(page);
  await page.getByRole('button', { name: 'No thanks' }).click();
  await page.waitForURL(/pageId=tote/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'How about a tote bag, 30% off?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Canvas Tote Bag')).toBeVisible();
  await expect(page.getByText('Crew Socks, 3-Pack')).toHaveCount(0);
});

test('PayPal: approved on the wallet’s page, back to the upsell, charged with the vaulted approval', async ({ page }) => {
  await buy(page, '/funnel/summer-linen?pageId=checkout', 'paypal');
  await page.waitForURL(/\/api\/payment-providers\/test-wallet\/approve\/tw_[0-9a-f]{24}$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  await page.waitForURL(/pageId=socks/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByText('Paid with the payment method of your order')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  await expect(page.getByText('Crew Socks, 3-Pack')).toBeVisible();
  await expect(page.getByText(/PayPal/).first()).toBeVisible();
});

test('OXXO: on to the offer once the voucher is issued; the offer is added to the voucher; thank-you says what to pay by when', async ({
  page,
}) => {
  await buy(page, '/funnel/summer-linen?pageId=checkout', 'oxxo');
  await page.waitForURL(/\/api\/payment-providers\/test-bank\/pay\/tb_[0-9a-f]+$/, { timeout: 20_000 });
  await expect(page.locator('#voucher-number')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await page.getByRole('button', { name: 'I will pay at a store' }).click();
  await page.waitForURL(/pageId=socks&order=[0-9a-f]{32}$/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByText('Added to your voucher: pay the new total at the store, by the same date.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Crew Socks, 3-Pack')).toBeVisible();
  await expect(page.getByText(/^Pay your voucher by .+ to complete order/)).toBeVisible({ timeout: 20_000 });
});

test('Google Pay: the express sheet pays the checkout, the upsell opens the wallet’s sheet for one tap', async ({ page }) => {
  await page.goto('/funnel/summer-linen?pageId=checkout');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
  await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
  await page.getByRole('button', { name: 'Google Pay' }).click();
  const checkoutSheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(checkoutSheet.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  await checkoutSheet.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/pageId=socks&order=[0-9a-f]{32}$/, { timeout: 20_000 });
  await hydrated(page);

  // The offer: no card form; "yes" opens the wallet's sheet with what is added and its price.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const accept = page.getByRole('button', { name: 'Yes, add it to my order' });
  await accept.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toBeFocused();
  await expect(sheet.getByText('One tap in your wallet approves this payment')).toBeVisible();
  await expect(sheet.getByText(/Crew Socks, 3-Pack/)).toBeVisible();
  await expectNoAxeViolations(page, '.wallet-sheet');
  // Closed without paying: nothing is charged, focus is back on "yes".
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(accept).toBeFocused();
  await accept.click();
  await sheet.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Added to your order' })).toBeVisible();
  await expect(page.getByText('Crew Socks, 3-Pack')).toHaveCount(1);
  await expect(page.getByText(/Google Pay/).first()).toBeVisible();
});

test('the order bump sits just above "Complete order"; ticked, its product is priced into the order', async ({ page }) => {
  await page.goto('/funnel/summer-linen?pageId=checkout');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
  const bump = page.getByRole('checkbox', { name: /Yes, add Wool Beanie/ });
  await expect(bump).toBeVisible();
  // Inside the checkout form, the last thing before its button.
  await expect(page.locator('form .funnel-checkout__bumps:has(.order-bump) + button[type="submit"]')).toHaveCount(1);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(/Subtotal\s*\$59\.00/);
  await bump.check();
  await expect(summary).toContainText(/Subtotal\s*\$91\.00/);
  await expectNoAxeViolations(page);
});

test.describe('beyond stock', () => {
  // The browser logs the refused re-pricing (409) as a failed load.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('a quantity beyond stock is refused with what is left, and the form keeps what was typed', async ({ page }) => {
    await page.goto('/funnel/summer-linen?pageId=checkout');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
    const tee = page.getByRole('listitem').filter({ has: page.getByRole('radio', { name: /Organic Cotton Tee/ }) });
    await tee.getByRole('radio').check();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Email', { exact: true }).blur();
    await tee.getByLabel('Quantity').fill('99');
    await tee.getByLabel('Quantity').blur();
    await expect(page.getByRole('alert').filter({ hasText: /Only \d+ of this item can be in your cart/ })).toBeVisible();
    // The same checkout, not a new one: what was typed is still there.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ada@example.com');
    await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
  });
});

test('a product changed while the address is saved: the shipping and the address stay, the new product is priced', async ({
  page,
}) => {
  await page.goto('/funnel/summer-linen?pageId=checkout');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Complete order' })).toBeVisible();
  // The pricing of a new choice answers late (after the address saved meanwhile): its answer must not
  // take the address and the shipping choices away.
  let late = Promise.resolve();
  await page.route(/\/api\/multicurrency\/calculatePrice\?/, (route) => {
    late = (async () => {
      const response = await route.fetch();
      await new Promise((done) => setTimeout(done, 3_000));
      await route.fulfill({ response });
    })();
  });
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // The shipping choice never vanishes meanwhile, not even for a moment.
  const watchShipping = async () => {
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await page.evaluate(() => {
      const seen = window as unknown as { shippingLost: boolean };
      seen.shippingLost = false;
      new MutationObserver(() => {
        if (!document.querySelector('input[name="shippingTemplateId"]:checked')) seen.shippingLost = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  };
  const settled = async (subtotal: string) => {
    await late;
    await expect(summary).toContainText(new RegExp(`Subtotal\\s*\\${subtotal}`), { timeout: 10_000 });
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(page.getByLabel('State/province')).toHaveValue('CA');
    await expect(page.getByLabel('ZIP/postal code')).toHaveValue('94103');
    expect(await page.evaluate(() => (window as unknown as { shippingLost: boolean }).shippingLost)).toBe(false);
  };
  await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
  await fillInformation(page);
  await watchShipping();
  await settled('$28.00');
  // The shirt and at once the tee again: the last choice is what the server prices.
  await page.getByRole('radio', { name: /Linen Shirt/ }).check();
  await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
  await settled('$28.00');
  await page.getByRole('radio', { name: /Linen Shirt/ }).check();
  await settled('$59.00');
  // A pricing still held back (an earlier choice's, or one asked after the last) ends before the test
  // does: its route.fetch after the page closed failed the run as an error outside any test.
  await page.unrouteAll({ behavior: 'wait' });
});

/** A copy of the demo funnel under another handle, with its offers' window and order changed. */
async function saveFunnel(request: APIRequestContext, handle: string, change: (steps: Record<string, unknown>[]) => void) {
  const demo = await request.get('/api/funnels/summer-linen', { headers: auth });
  const { data } = (await demo.json()) as { data: { funnel: { steps: Record<string, unknown>[] } } };
  const steps = data.funnel.steps.map((s) => ({ ...s }));
  change(steps);
  const saved = await request.put(`/api/funnels/${handle}`, { headers: auth, data: { handle, steps } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test('an upsell past its window cannot be accepted: the page says so, and the server refuses it', async ({ page, request }) => {
  test.setTimeout(150_000);
  await saveFunnel(request, 'e2e-one-minute', (steps) => {
    for (const step of steps) if (step.type === 'upsell' || step.type === 'downsell') step.minutes = 1;
  });
  await buy(page, '/funnel/e2e-one-minute?pageId=checkout');
  await page.waitForURL(/pageId=socks/, { timeout: 20_000 });
  await hydrated(page);
  const token = await page.locator('input[name="token"]').first().inputValue();
  await expect(page.getByText('This offer has ended.')).toBeVisible({ timeout: 70_000 });
  await expect(page.getByRole('button', { name: 'Yes, add it to my order' })).toBeDisabled();
  // Sent anyway (a stale tab, from the buyer's browser: its cookies): the server's clock decides, and the
  // shopper is sent on as if declined.
  const late = await page.request.post('/api/multicurrency/upsell', { data: { token, decision: 'accept' } });
  const body = (await late.json()) as { code: number; data: { next: string } };
  expect(body.code).toBe(5008);
  expect(body.data.next).toMatch(/pageId=tote/);
});

test('an offer of a product in sizes: the buyer picks another size, is charged its price, and gets that size', async ({
  page,
  request,
}) => {
  await saveFunnel(request, 'e2e-sized-offer', (steps) => {
    for (const step of steps) if (step.type === 'upsell') Object.assign(step, { product: 'linen-shirt', discount: 20 });
  });
  await buy(page, '/funnel/e2e-sized-offer?pageId=checkout');
  await page.waitForURL(/pageId=socks/, { timeout: 20_000 });
  const offer = page.getByRole('region', { name: 'Wait! Add socks for 20% off' });
  const size = offer.getByLabel('Style');
  await expect(size).toBeVisible();
  await hydrated(page);
  const options = await size.locator('option:not([disabled])').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const held = await size.locator('option:checked').textContent();
  const other = options.find((o) => o !== held)!;
  await size.selectOption({ label: other });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
  await page.waitForURL(/pageId=thanks/, { timeout: 20_000 });
  const added = page.getByRole('region', { name: 'Added to your order' });
  await expect(added.getByText(other, { exact: true })).toBeVisible();
});

test('the merchant changes the order of two blocks and of two steps; the next shopper sees both', async ({ page, request }) => {
  const landing = (first: string, second: string) => ({
    handle: 'e2e-order-landing',
    kind: 'funnel',
    title: 'Order test',
    blocks: [first, second].map((id) => ({
      id,
      type: 'rich-text',
      settings: { heading: id === 'a' ? 'First block A' : 'Block B', body: 'Text.' },
    })),
  });
  const put = async (body: unknown) => {
    const saved = await request.put('/api/pages/e2e-order-landing', { headers: auth, data: body });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await put(landing('a', 'b'));
  await saveFunnel(request, 'e2e-reordered', (steps) => {
    steps[0]!.page = 'e2e-order-landing';
  });
  await page.goto('/funnel/e2e-reordered');
  await hydrated(page);
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(['First block A', 'Block B']);
  await put(landing('b', 'a'));
  // The two offers swap places: the checkout now leads to the tote first, and declining it to the socks.
  await saveFunnel(request, 'e2e-reordered', (steps) => {
    steps[0]!.page = 'e2e-order-landing';
    steps[1]!.next = 'tote';
    steps[3]!.onDecline = 'socks';
    steps[2]!.onDecline = 'thanks';
  });
  await page.goto('/funnel/e2e-reordered');
  await hydrated(page);
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(['Block B', 'First block A']);
  await buy(page, '/funnel/e2e-reordered?pageId=checkout');
  await page.waitForURL(/pageId=tote/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'How about a tote bag, 30% off?' })).toBeVisible();
});
