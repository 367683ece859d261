// Checkouts made straight through the shop's API, for tests about what comes after them (paying, result
// pages, orders). The checkout's own e2e covers filling one in on its pages.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { SIGNATURE_HEADER, signBankWebhook } from '../server/payments/simulated/bank/signature';
import { TEST_ADDRESS } from '../test-support/server/test-address';
import { TEST_BANK_WEBHOOK_SECRET } from './playwright.config';
import { expect } from './fixtures';

/** The `data` of an answer the test expects to succeed (its message shown when it does not). */
export async function apiData<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/**
 * The SKU of a product with the most units left. Every e2e test buys from one shop started fresh, and
 * unpaid orders hold their stock: taking the fullest shelf keeps one product's first SKU (the one its
 * page offers first) from selling out under the tests that buy through its page.
 */
export async function fullestSku(request: APIRequestContext, handle: string): Promise<number> {
  const product = await apiData<{ skus: { id: number; stock: number }[] }>(
    await request.get(`/api/multicurrency/products/handle/${handle}`),
  );
  return product.skus.reduce((best, sku) => (sku.stock > best.stock ? sku : best)).id;
}

/**
 * A checkout with its contact, shipping address and way of shipping told, ready to be paid: a buy-now
 * checkout, or (with `fromCart`) one started from the visitor's cart. Answers its token.
 */
export async function readyCheckout(
  request: APIRequestContext,
  {
    visitor = randomUUID(),
    handle = 'linen-shirt',
    quantity = 1,
    fromCart = false,
    address = TEST_ADDRESS,
    currency,
    shippingTemplateId = 1,
  }: {
    visitor?: string;
    handle?: string;
    quantity?: number;
    fromCart?: boolean;
    /** Where it ships (a method works in some countries only: iDEAL in the Netherlands, say). */
    address?: typeof TEST_ADDRESS;
    /** The checkout's currency (the shop's default when not given). */
    currency?: string;
    shippingTemplateId?: number;
  } = {},
): Promise<string> {
  const headers = { customerUUID: visitor };
  const params: Record<string, string> = currency ? { currencyCode: currency } : {};
  const skuId = await fullestSku(request, handle);
  if (fromCart) await apiData(await request.post('/api/shopping-carts', { headers, params, data: { skuId, quantity } }));
  const { token } = await apiData<{ token: string }>(
    await request.post('/api/multicurrency/general/checkout', {
      headers,
      params,
      data: fromCart ? {} : { buyNow: { skuId, quantity } },
    }),
  );
  await apiData(
    await request.post('/api/multicurrency/asyncPayInfoSave', {
      headers,
      params,
      data: { token, email: 'ada@example.com', shippingAddress: address, shippingTemplateId },
    }),
  );
  return token;
}

/** The bank's webhook about `reference`, signed with the e2e server's secret, as the bank sends it. */
export async function bankWebhook(request: APIRequestContext, reference: string, type: 'payment.succeeded' | 'payment.failed') {
  const body = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, type, reference });
  const answer = await request.post('/api/payment-providers/test-bank/webhook', {
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBankWebhook(TEST_BANK_WEBHOOK_SECRET, body) },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
