// Paying, once the form is valid and saved: a card goes to the provider's own endpoint (tokenized; the
// number reaches no other call), then the order is placed and paid with the token; other methods place
// and pay the order with what their panel chose (a bank). The answer says where the shopper goes: the
// thank-you page, a result page, or the provider's own page (3-D Secure, a wallet, a bank). Loaded when
// the shopper pays, not with the page.
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import type { CouponRemoved } from '../../../schemas/generated/api';
import { errorMessage, errorName } from '../../api/error-message';
import { newIdempotencyKey } from '../../state/checkout-draft';
import type { CardFields, FieldErrors } from './checkout-form';
import type { MethodExtra } from './methods/panels';
import { serverFieldErrors } from './validation';

/** Codes of a declined card (spec section 8): the checkout stays payable with the same or another card. */
const isDecline = (code: number) => code >= 80000 && code <= 80014;

export type PayFlowResult =
  | { outcome: 'paid'; href: string }
  /** Leave the shop's pages for the provider's (a full page load). */
  | { outcome: 'away'; href: string }
  | { outcome: 'cardErrors'; errors: FieldErrors }
  | { outcome: 'declined'; message: string }
  /** The code on the checkout could not be used: the server took it off; paying again pays without it. */
  | { outcome: 'couponRemoved'; removed: CouponRemoved; message: string }
  | { outcome: 'soldOut' }
  | { outcome: 'settled'; orderToken: string }
  | { outcome: 'failed'; message: string };

/**
 * The card token of an attempt that got no answer, and the card it was made of. Paying again with the
 * same card sends the very request sent before (its key answers it once more at the server: one
 * charge); a new token under the same key would be another request, refused 409. Kept beside the
 * attempt's ref, in this page's memory only, as the form's own fields are.
 */
const attemptCards = new WeakMap<{ current: string | null }, { card: string; token: string }>();

/** The provider's pages are not the shop's routes: a full page load takes the shopper there. */
export const isProviderPage = (href: string) => /^https?:\/\//.test(href) || href.startsWith('/api/');

export async function pay({
  api,
  t,
  token,
  card,
  method,
  provider,
  extra,
  attempt,
  funnel,
  saveAddress,
}: {
  api: ApiClient;
  t: (key: string, options?: Record<string, string | number>) => string;
  token: string;
  /** The card's fields for a card method (the test card, AsiaBill's hosted fields); null for every other method. */
  card: CardFields | null;
  method: string;
  /** The method's provider: PacyPay and AsiaBill are paid with their own calls. */
  provider?: string;
  extra: MethodExtra;
  /** The key of the attempt on its way: kept while no answer came (a retry charges once), cleared by an answer. */
  attempt: { current: string | null };
  /** A funnel's checkout: paid with the funnel's call, whose answer leads on to the funnel's next step. */
  funnel?: boolean;
  /** "Save this information": a signed-in customer's address book keeps the shipping address (the server ignores it for a guest). */
  saveAddress?: boolean;
}): Promise<PayFlowResult> {
  try {
    const cardBody = card && {
      number: card.number.replace(/[\s-]/g, ''),
      expiry: card.expiry.replace(/\s/g, ''),
      cvc: card.cvc.trim(),
      name: card.name.trim(),
    };
    /** The card sent to its provider's own endpoint (a 400 names the card's fields). */
    const tokenized = async <T>(send: () => Promise<T>): Promise<T | { cardErrors: FieldErrors }> => {
      try {
        return await send();
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return { cardErrors: serverFieldErrors(error.data, '/card') };
        throw error;
      }
    };
    let paymentToken: string | undefined;
    // AsiaBill's hosted fields: a session for this checkout takes the card, then the session's card is charged.
    let asiabill: { sessionToken: string; paymentMethodId: string } | undefined;
    if (cardBody && provider === 'asiabill') {
      const { sessionToken } = await api.payments.asiabill.session(token);
      const card = await tokenized(() => api.payments.asiabill.card(sessionToken, cardBody));
      if ('cardErrors' in card) return { outcome: 'cardErrors', errors: card.cardErrors };
      asiabill = { sessionToken, paymentMethodId: card.paymentMethodId };
    } else if (cardBody) {
      const sent = JSON.stringify(cardBody);
      const waiting = attempt.current ? attemptCards.get(attempt) : undefined;
      if (waiting?.card === sent) paymentToken = waiting.token;
      else {
        // Another card than the attempt on its way was made with: another request, under a new key.
        attempt.current = null;
        const card = await tokenized(() => api.payments.tokenizeCard(cardBody));
        if ('cardErrors' in card) return { outcome: 'cardErrors', errors: card.cardErrors };
        paymentToken = card.token;
        attemptCards.set(attempt, { card: sent, token: card.token });
      }
    }
    attempt.current ??= newIdempotencyKey();
    const request = {
      checkoutToken: token,
      paymentMethodCode: method,
      ...(paymentToken ? { paymentToken } : {}),
      ...(extra.bank ? { bank: extra.bank } : {}),
      ...(saveAddress ? { saveAddress } : {}),
      idempotencyKey: attempt.current,
    };
    const outcome = asiabill
      ? await api.payments.asiabill.charge({ ...request, ...asiabill })
      : await (funnel ? api.payments.funnelBuy : provider === 'pacypay' ? api.payments.pacypayOrder : api.payments.createOrder)(
          request,
        );
    attempt.current = null;
    attemptCards.delete(attempt);
    if (isProviderPage(outcome.next)) return { outcome: 'away', href: outcome.next };
    return { outcome: 'paid', href: outcome.next };
  } catch (error) {
    if (error instanceof ApiError) {
      // An answer came: the next attempt is a new one.
      attempt.current = null;
      attemptCards.delete(attempt);
      if (isDecline(error.code)) return { outcome: 'declined', message: await errorMessage(error, t) };
      const removed = (error.data as { couponRemoved?: CouponRemoved } | null)?.couponRemoved;
      if (removed) return { outcome: 'couponRemoved', removed, message: await errorMessage(error, t) };
      const name = await errorName(error.code);
      if (name === 'cannotAddToCart' || name === 'removedFromShelf') return { outcome: 'soldOut' };
      const orderToken = (error.data as { orderToken?: unknown } | null)?.orderToken;
      if (name === 'orderAlreadySettled' && typeof orderToken === 'string') return { outcome: 'settled', orderToken };
    }
    return { outcome: 'failed', message: await errorMessage(error, t) };
  }
}
