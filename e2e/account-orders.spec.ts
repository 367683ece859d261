// A customer's orders in the account: a shopper registers and activates their account with the mailed
// link, buys as a guest with the same address, claims that order in the account, asks to return one line
// of it once it is delivered, and sees the return's status move; axe finds nothing at 375 and 1280 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';
import { signUp } from './outbox';
import { apiData, fullestSku } from './shop-api';
import { signed } from './signed';

const merchant = { Authorization: `Bearer ${MERCHANT_TOKEN}` };

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A guest's paid order of two linen shirts placed with `email`, delivered: its number. */
async function deliveredGuestOrder(request: APIRequestContext, email: string): Promise<string> {
  const headers = { customerUUID: randomUUID() };
  const skuId = await fullestSku(request, 'linen-shirt');
  const { token } = await apiData<{ token: string }>(
    await request.post('/api/multicurrency/general/checkout', { headers, data: { buyNow: { skuId, quantity: 2 } } }),
  );
  await apiData(
    await request.post('/api/multicurrency/asyncPayInfoSave', {
      headers,
      data: { token, email, shippingAddress: TEST_ADDRESS, shippingTemplateId: 1 },
    }),
  );
  const card = await apiData<{ token: string }>(
    await request.post('/api/payment-providers/test-card/tokens', {
      headers,
      data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
    }),
  );
  const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken: card.token, idempotencyKey: randomUUID() };
  const outcome = await apiData<{ status: string; orderNumber: string }>(
    await request.post(signed('/api/payment/create-order', body, headers.customerUUID), { headers, data: body }),
  );
  expect(outcome.status).toBe('paid');
  await apiData(
    await request.put(`/api/orders/${outcome.orderNumber}/fulfillment`, { headers: merchant, data: { status: 'delivered' } }),
  );
  return outcome.orderNumber;
}

for (const width of [375, 1280]) {
  test(`a customer claims a guest order, asks to return one line and follows it (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `returns-${width}-${randomUUID().slice(0, 8)}@example.com`;
    await signUp(page, email);
    const number = await deliveredGuestOrder(request, email);

    // The orders page offers to claim the guest order placed with the account's address.
    await page.goto('/account/orders');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Claim this order' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 order was added to your account.' })).toBeVisible();
    const link = page.getByRole('link', { name: `Order ${number}` });
    await expect(link).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim this order' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);

    // The order, as its thank-you page shows it, with the return request form.
    await link.click();
    await page.waitForURL(/\/account\/orderDetails\?id=\d+/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText('Delivered', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Nothing chosen: the form says so and sends nothing.
    await page.getByRole('button', { name: 'Request the return' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Choose how many of at least one item you want to return.' }),
    ).toBeFocused();
    await page.getByLabel(/Linen Shirt/).selectOption('1');
    await page.getByLabel('Reason').selectOption({ label: 'Too small' });
    await page.getByLabel(/Comment/).fill('Runs small at the shoulders.');
    await page.getByRole('button', { name: 'Request the return' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your return request was sent.' })).toBeVisible();
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect(returns.getByText('Requested', { exact: true })).toBeVisible();
    await expect(returns.getByText(/1 × Linen Shirt/)).toBeVisible();
    await expect(returns.getByText('Too small')).toBeVisible();
    // One shirt is left to return.
    await expect(page.getByLabel(/Linen Shirt/).locator('option')).toHaveText(['0', '1']);
    await expectNoAxeViolations(page);

    // The shop approves it: the customer sees the new status and the shop's note.
    const listed = await apiData<{ return: { id: number; orderNumber: string } }[]>(
      await request.get('/api/returns', { headers: merchant, params: { status: 'requested', pageSize: 50 } }),
    );
    const id = listed.find((r) => r.return.orderNumber === number)!.return.id;
    await apiData(
      await request.put(`/api/returns/${id}`, {
        headers: merchant,
        data: { status: 'approved', note: 'Please use the enclosed label.' },
      }),
    );
    await page.reload();
    await hydrated(page);
    await expect(returns.getByText('Approved', { exact: true })).toBeVisible();
    await expect(returns.getByText('Please use the enclosed label.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);
  });
}
