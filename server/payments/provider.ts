// The payment seam (docs/payments.md: payment methods and providers): a provider turns a payment request into one of the outcomes of
// spec section 4. Providers never see the shop's database rows and the shop never sees card numbers:
// a card is tokenized by the provider's own endpoint and the order API is handed the token.
//
// A payment's life: `createPayment` answers at once (a card) or names what the shopper must do first
// (`action`: 3-D Secure, the wallet's or bank's own page); when the shopper comes back the shop asks
// `retrieve`; a payment the bank settles later stays `pending` until the provider's signed webhook
// (`webhook`) says how it ended. Whichever of the return and the webhook comes first settles the order
// (server/commerce/orders/settle-payment.ts); the other finds it settled.
import type { Hono } from 'hono';
import type { CheckoutAddress } from '../../schemas/generated/api';
import type { ErrorName } from '../../schemas/generated/error-codes';
import type { PaymentAction } from '../db/payment-schema';
import type { LocalizedText } from '../db/schema';

/** The decline codes of spec section 8 a card provider answers with (80000–80014), by name. */
export type DeclineName = Extract<
  ErrorName,
  | 'cardCannotProcess'
  | 'issuerRefused'
  | 'paymentFailed'
  | 'authenticationFailed'
  | 'temporaryAuthorizationError'
  | 'cannotProcessReview'
  | 'cardNotConfirmedContact'
  | 'insufficientFunds'
  | 'cardNotConfirmed'
  | 'cardNotConfirmedBank'
  | 'cardRestricted'
  | 'cardExpired'
  | 'invalidCvc'
  | 'invalidCardNumber'
  | 'cardNotActive'
>;

/** The payment codes of spec section 8 (8001–8013) a wallet, bank or pay-later provider answers with. */
export type PaymentFailureName = Extract<
  ErrorName,
  | 'currencyNotSupported'
  | 'addressException'
  | 'customerRefusedPayment'
  | 'paymentDeductionFailed'
  | 'informationMissing'
  | 'authorizationExpired'
  | 'authorizationFailed'
  | 'notAuthorized'
  | 'insufficientBalance'
  | 'accountAddressMismatch'
  | 'paymentTimeout'
  | 'invalidPaymentRequest'
  | 'paymentError'
>;

/** Every way a payment fails, by its code's name in schemas/error-codes.json. */
export type FailureName = DeclineName | PaymentFailureName;

/**
 * Why a failed payment failed beyond its code, for the result page: `walletRejected` is the spec's "PayPal
 * information rejected" (the wallet window reopens after 10 seconds).
 */
export type FailureReason = 'walletRejected';

export interface PaymentRequest {
  /** The method of the payment-method list the shopper chose (e.g. `ideal`, `paypal`). */
  method: string;
  /** The method's own settings (payment_methods.options). */
  options: Record<string, unknown>;
  /** The order's number, for the provider's records (and the shopper's statement). */
  orderNumber: string;
  /** The buyer's order token: the provider's pages send the shopper back to /payment/information?order=. */
  orderToken: string;
  /** Minor units of `currencyCode`. */
  amount: number;
  currencyCode: string;
  /** The shop's public origin (https://shop.example): return addresses are made from it. */
  origin: string;
  locale: string;
  email?: string;
  shippingAddress?: CheckoutAddress | null;
  /** What the provider's own endpoint gave for the payment details (a card token, a wallet approval). */
  paymentToken?: string;
  /** The bank the shopper chose (GET /api/paymentStrategy/airwallexIdealBanks). */
  bank?: string;
  /** The same key always gives the same outcome and charges once. */
  idempotencyKey: string;
}

/** What the provider says of the card that paid: never its number. */
export interface CardFacts {
  brand: string;
  last4: string;
}

export type PaymentResult =
  | { status: 'succeeded'; reference: string; card?: CardFacts }
  | { status: 'failed'; decline: FailureName; reason?: FailureReason; reference: string; card?: CardFacts }
  /** The shopper must act first: `redirectUrl` is the provider's page (or, for a shop action, left out). */
  | { status: 'action'; action: PaymentAction; redirectUrl?: string; reference: string; card?: CardFacts }
  /** Settled later by the provider's webhook: `reason` says whether a bank or a voucher is waited for. */
  | { status: 'pending'; reason: 'bank' | 'voucher'; reference: string }
  /** The issuer is still working on it (spec: processing), or waits for the cardholder's authorization. */
  | { status: 'processing' | 'authorization'; reference: string; card?: CardFacts }
  /** The shopper canceled at the provider (spec: canceled by customer). */
  | { status: 'canceled'; reference: string };

/** What a verified webhook says: the payment it is about and how that payment stands now. */
export interface WebhookEvent {
  /** The provider's id of the event: the same event delivered twice acts once. */
  eventId: string;
  reference: string;
  result: PaymentResult;
}

/** What a provider is handed by the shop when it is made. */
export interface ProviderContext {
  /** Delivers a webhook to this shop (the test providers notify as a real provider would). */
  deliverWebhook(provider: string, body: string, headers: Record<string, string>): Promise<void>;
  /** The words of the shop's locale files, for a test provider's own pages. */
  translate(locale: string, key: string, options?: Record<string, string | number>): string;
  log(message: string, error?: unknown): void;
  /** The test providers' timings (tests make them short). */
  test: {
    /** How long a processing or authorization-pending test card takes to settle (5 s). */
    settleAfterMs: number;
    /** How long the test bank takes to send its webhook after the shopper answered (10 s; 0: never, tests send it). */
    bankWebhookAfterMs: number;
    /** The shared secret of the test bank's webhooks (TEST_BANK_WEBHOOK_SECRET). */
    bankWebhookSecret: string;
  };
}

/** Where a provider's page sends the shopper back: the shop's return page, which asks how the payment ended. */
export const returnPath = (orderToken: string) => `/payment/information?order=${encodeURIComponent(orderToken)}`;

/** What the shop learned on its own pages that lets a waiting payment go on (spec: confirm address, shipping). */
export interface ResumeInput {
  /** The shopper confirmed (or corrected) the shipping address: /payment/confirmAddress, /payment/replenishAddress. */
  address?: CheckoutAddress;
  /** The shopper accepted the new shipping price: /payment/confirmShipping; the amount to take now. */
  amount?: number;
}

/**
 * How a shopper accepts a funnel's one-click offer after paying with a method: `charge` takes the money
 * with what the main payment saved (a card, a wallet's vaulted approval) with no form at all; `sheet`
 * re-opens the wallet's sheet for one tap; `redirect` sends the shopper to the provider's page again (a
 * bank), from which they come back to the funnel; `add` adds the offer to the main payment while it still
 * waits to be paid (a voucher paid at a store: the voucher's amount grows, one payment settles both).
 */
export type OneClickPath = 'charge' | 'sheet' | 'redirect' | 'add';

export interface Provider {
  /** The provider's id (`test-card`, `test-wallet`, `test-bank`, `test-pay-later`, `stripe`). */
  readonly id: string;
  /** The name shown when a method of this provider has none of its own. */
  readonly name: LocalizedText;
  /** Creates the payment of an order; cards are confirmed at once when they can be. */
  createPayment(request: PaymentRequest): Promise<PaymentResult>;
  /** How a payment stands now (after the shopper came back from the provider's page, or while polling). */
  retrieve(reference: string): Promise<PaymentResult>;
  /** Goes on with a payment waiting for a shop action (confirmAddress, confirmShipping, replenishAddress). */
  resume?(reference: string, input: ResumeInput): Promise<PaymentResult>;
  /**
   * The shop no longer wants the payment (the shopper gave up, spec section 7: paymentStrategy/cancel; or
   * its order was canceled, replaced or expired): the provider stops waiting, so a page of it left open can
   * no longer take the money. A payment that completed already, or can no longer be stopped (a bank that
   * has it), is left as it is: the shop asks `retrieve` after and gives back what was taken.
   */
  cancel?(reference: string): Promise<void>;
  /** How a shopper who paid with a method of these options accepts a one-click offer (null or absent: not at all). */
  oneClickPath?(options: Record<string, unknown>): OneClickPath | null;
  /**
   * Charges again, off session, with what the shopper gave for the succeeded payment `original` (a saved
   * card, a vaulted wallet approval): the `charge` path. The request's idempotency key charges once.
   */
  chargeAgain?(original: string, request: PaymentRequest): Promise<PaymentResult>;
  /**
   * Adds the request's amount to the payment `original` while it still waits (a voucher not yet paid at
   * the store): the `add` path. Answers `pending` with `original`'s reference (settled with it), or
   * `failed` when it no longer waits. The request's idempotency key adds once.
   */
  addToPending?(original: string, request: PaymentRequest): Promise<PaymentResult>;
  /**
   * Gives back an amount of a succeeded payment. The same `idempotencyKey` gives back once, however many
   * times and from however many processes it is asked (the shop's paths that learn of an unwanted payment
   * may all ask at once).
   */
  refund(reference: string, amount: number, idempotencyKey: string): Promise<{ refunded: number }>;
  /** Verifies a webhook (signature, timestamp) and reads it; throws when it is not genuine. */
  webhook?(rawBody: string, headers: Headers): Promise<WebhookEvent | null>;
  /** The provider's own pages and endpoints, mounted at /api/payment-providers/{id}. */
  routes?(): Hono;
}
