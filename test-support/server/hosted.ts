// The simulated hosted-page providers (PacyPay, Oceanpayment, Payssion, Airwallex) and AsiaBill from a
// test's side: the shopper's answer on the provider's page (a form post), the provider's signed
// notification (sent by the provider itself, or made here to forge one), and the providers' secrets as
// the test shop makes them from the test bank's secret.
import { providerSecret } from '../../server/payments/simulated/hosted/digest';
import type { HostedPayment, HostedProvider } from '../../server/payments/simulated/hosted/hosted-provider';
import { TEST_BANK_SECRET } from './bank';
import type { TestShop } from './test-app';

/** A provider's merchant secret in a test shop made with TEST_BANK_SECRET. */
export const secretOf = (provider: string) => providerSecret(TEST_BANK_SECRET, provider);

/** The shopper's answer on a provider's page: pay, decline or cancel (the 3-D Secure page: pass, fail). */
export function answerPage(shop: TestShop, provider: string, reference: string, answer: string, page = 'pay') {
  return shop.app.request(`/api/payment-providers/${provider}/${page}/${reference}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ answer }).toString(),
  });
}

/** Posts a provider's notification as it is sent. */
export function sendNotice(shop: TestShop, provider: string, body: string, headers: Record<string, string>) {
  return shop.app.request(`/api/payment-providers/${provider}/webhook`, { method: 'POST', headers, body });
}

export const hostedProvider = (shop: TestShop, id: string) => shop.app.payments.provider(id) as HostedProvider;

/** A provider's record of a payment. */
export async function hostedRecord(shop: TestShop, provider: string, reference: string): Promise<HostedPayment> {
  const record = await hostedProvider(shop, provider).record(reference);
  if (!record) throw new Error(`${provider} has no payment ${reference}`);
  return record;
}
