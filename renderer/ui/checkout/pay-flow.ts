// Paying, once the form is valid and saved: the card goes to the provider's own endpoint (tokenized; the
// number reaches no other call), then the order is placed and paid with the token. Loaded when the
// shopper pays, not with the page.
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { errorMessage, errorName } from '../../api/error-message';
import { newIdempotencyKey } from '../../state/checkout-draft';
import type { CardFields, FieldErrors } from './checkout-form';
import { serverFieldErrors } from './validation';

/** Codes of a declined card (spec section 8): the checkout stays payable with the same or another card. */
const isDecline = (code: number) => code >= 80000 && code <= 80014;

export type PayFlowResult =
  | { outcome: 'paid'; href: string }
  | { outcome: 'cardErrors'; errors: FieldErrors }
  | { outcome: 'declined'; message: string }
  | { outcome: 'soldOut' }
  | { outcome: 'settled'; orderToken: string }
  | { outcome: 'failed'; message: string };

export async function payWithCard({
  api,
  t,
  token,
  card,
  method,
  attempt,
}: {
  api: ApiClient;
  t: (key: string, options?: Record<string, string | number>) => string;
  token: string;
  card: CardFields;
  method: string;
  /** The key of the attempt on its way: kept while no answer came (a retry charges once), cleared by an answer. */
  attempt: { current: string | null };
}): Promise<PayFlowResult> {
  try {
    let paymentToken: string;
    try {
      paymentToken = (
        await api.payments.tokenizeCard({
          number: card.number.replace(/[\s-]/g, ''),
          expiry: card.expiry.replace(/\s/g, ''),
          cvc: card.cvc.trim(),
          name: card.name.trim(),
        })
      ).token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        return { outcome: 'cardErrors', errors: serverFieldErrors(error.data, '/card') };
      throw error;
    }
    attempt.current ??= newIdempotencyKey();
    const outcome = await api.payments.createOrder({
      checkoutToken: token,
      paymentMethodCode: method,
      paymentToken,
      idempotencyKey: attempt.current,
    });
    attempt.current = null;
    return { outcome: 'paid', href: outcome.next };
  } catch (error) {
    if (error instanceof ApiError) {
      // An answer came: the next attempt is a new one.
      attempt.current = null;
      if (isDecline(error.code)) return { outcome: 'declined', message: await errorMessage(error, t) };
      const name = await errorName(error.code);
      if (name === 'cannotAddToCart' || name === 'removedFromShelf') return { outcome: 'soldOut' };
      const orderToken = (error.data as { orderToken?: unknown } | null)?.orderToken;
      if (name === 'orderAlreadySettled' && typeof orderToken === 'string') return { outcome: 'settled', orderToken };
    }
    return { outcome: 'failed', message: await errorMessage(error, t) };
  }
}
