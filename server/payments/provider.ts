// The payment seam (DESIGN: Payments): a provider turns a payment request into one of the outcomes of
// spec section 4. Providers never see the shop's database rows and the shop never sees card numbers:
// a card is tokenized by the provider's own endpoint and the order API is handed the token.
import type { ErrorName } from '../../schemas/generated/error-codes';
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

export interface PaymentRequest {
  /** The order's number, for the provider's records (and the shopper's statement). */
  orderNumber: string;
  /** Minor units of `currencyCode`. */
  amount: number;
  currencyCode: string;
  /** What the provider's own endpoint gave for the payment details (a card token). */
  paymentToken?: string;
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
  | { status: 'failed'; decline: DeclineName; reference: string; card?: CardFacts }
  /** Redirect and bank methods (the next issue): the outcome comes later. */
  | { status: 'pending'; reference: string; redirectUrl?: string };

export interface Provider {
  /** The method's code in the payment-method list. */
  readonly code: string;
  readonly type: 'EXPRESS' | 'CARD' | 'REDIRECT' | 'BANK';
  readonly name: LocalizedText;
  /** Offered in the shop's checkout, in funnel checkouts. */
  readonly normalTag: boolean;
  readonly funnelTag: boolean;
  /** Creates the payment of an order and confirms it when the provider can at once (cards). */
  createPayment(request: PaymentRequest): Promise<PaymentResult>;
  /** Confirms a payment that was pending (redirects and banks); null while it still is. */
  confirm(reference: string): Promise<PaymentResult | null>;
  /** Gives back an amount of a succeeded payment. */
  refund(reference: string, amount: number): Promise<{ refunded: number }>;
}
