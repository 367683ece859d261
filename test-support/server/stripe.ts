// The Stripe provider against the local Stripe stand-in (test-support/server/mock-stripe.ts), as the
// tests plug it into a test shop: `createTestShop(driver, {}, { providers: [stripeOnMock(mock)] })`.
import type { MockStripe } from './mock-stripe';
import type { ProviderContext } from '../../server/payments/provider';
import { createStripeProvider } from '../../server/payments/stripe/provider';

export const STRIPE_SECRET_KEY = 'sk_test_vitrine_mock';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_vitrine_mock';
export const STRIPE_WEBHOOK_SECRET = 'whsec_vitrine_mock';

/** The Stripe provider, made from the shop's context, calling the stand-in `mock`. */
export const stripeOnMock = (mock: MockStripe) => (context: ProviderContext) =>
  createStripeProvider(
    {
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      host: mock.host,
      port: mock.port,
      protocol: mock.protocol,
    },
    context,
  );
