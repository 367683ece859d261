// What the Stripe provider is made with (the account's keys, where its API is) and what it keeps on each
// PaymentIntent or session: shared by the provider and its payment page.

export interface StripeSettings {
  /** sk_test_… / sk_live_… (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** pk_test_… / pk_live_… (STRIPE_PUBLISHABLE_KEY): handed to Stripe.js in the browser. */
  publishableKey: string;
  /** whsec_… (STRIPE_WEBHOOK_SECRET): without it every webhook is refused. */
  webhookSecret?: string;
  /** Where the SDK sends its API calls (api.stripe.com, 443, https unless told). */
  host?: string;
  port?: number | string;
  protocol?: 'http' | 'https';
}

/** The shop's facts kept on the PaymentIntent or session (Stripe's metadata: strings). */
export interface ShopMetadata {
  order_number: string;
  order_token: string;
  locale: string;
  shop_origin: string;
  vitrine_mode: 'element' | 'checkout';
}
