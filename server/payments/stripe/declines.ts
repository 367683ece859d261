// What Stripe says went wrong with a payment, as the spec's decline codes (server/payments/decline-codes.ts).
import type { FailureName } from '../provider';

/** What Stripe says went wrong (last_payment_error's decline_code, else its code) -> the spec's codes. */
const DECLINES: Record<string, FailureName> = {
  generic_decline: 'issuerRefused',
  card_declined: 'issuerRefused',
  insufficient_funds: 'insufficientFunds',
  expired_card: 'cardExpired',
  incorrect_cvc: 'invalidCvc',
  invalid_cvc: 'invalidCvc',
  incorrect_number: 'invalidCardNumber',
  invalid_number: 'invalidCardNumber',
  authentication_required: 'authenticationFailed',
  payment_intent_authentication_failure: 'authenticationFailed',
  processing_error: 'temporaryAuthorizationError',
};

export function declineOfStripe(error: { code?: string | null; decline_code?: string | null } | null | undefined): FailureName {
  if (!error) return 'paymentFailed';
  return (error.decline_code && DECLINES[error.decline_code]) || (error.code && DECLINES[error.code]) || 'paymentFailed';
}
