// The test bank from a test's side: pay a checkout with a bank method, answer on the bank's own page as
// the shopper would (a form post), and send the bank's signed webhook.
import { randomBytes } from 'node:crypto';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { SIGNATURE_HEADER, signBankWebhook } from '../../server/payments/simulated/bank/signature';
import { idempotencyKey, type Call } from './buyer';
import type { TestShop } from './test-app';

export const TEST_BANK_SECRET = 'whsec_vitest_test_bank';

/** Pays a checkout with a bank method (iDEAL with ING unless told otherwise; null: no bank named). */
export function payByBank(
  call: Call,
  checkoutToken: string,
  method = 'ideal',
  bank: string | null = 'ing',
  key = idempotencyKey(),
) {
  return call<PaymentOutcome>('POST', '/paymentStrategy', {
    checkoutToken,
    paymentMethodCode: method,
    ...(bank !== null ? { bank } : {}),
    idempotencyKey: key,
  });
}

/** The bank's reference of a payment whose answer sent the shopper to the bank's page. */
export const referenceOf = (outcome: PaymentOutcome) => outcome.next.split('/pay/')[1]!;

/** The shopper's answer on the bank's page (authorise, decline, cancel; voucher for "I will pay at a store"). */
export function answerBank(shop: TestShop, reference: string, answer: string) {
  return shop.app.request(`/api/payment-providers/test-bank/pay/${reference}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ answer }).toString(),
  });
}

export const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A webhook body of the bank. */
export const bankEvent = (reference: string, type: 'payment.succeeded' | 'payment.failed', id = eventId(), code?: number) =>
  JSON.stringify({ id, type, reference, ...(code !== undefined ? { code } : {}) });

/** Posts the bank's webhook, signed with `secret` at `t` unless a header is given. */
export function sendBankWebhook(
  shop: TestShop,
  body: string,
  { secret = TEST_BANK_SECRET, t = Date.now(), header }: { secret?: string; t?: number; header?: string | null } = {},
) {
  const signature = header === undefined ? signBankWebhook(secret, body, t) : header;
  return shop.app.request('/api/payment-providers/test-bank/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature !== null ? { [SIGNATURE_HEADER]: signature } : {}) },
    body,
  });
}
