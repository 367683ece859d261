import { trackPaymentInfo } from '../../tracking/checkout-events';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import type { CardFields, FieldErrors } from './checkout-form';
import { loadValidation, type Validation } from './load-validation';
import { bankProblems } from './methods/bank-choice';
import { hasCardFields } from './methods/card-fields';
import type { MethodExtra } from './methods/panels';

/** To a provider's page (another site, or the provider's own page on this server), a full page load. */
function leavePage(href: string) {
  window.location.assign(href);
}

export type PayResult = 'paid' | 'declined' | 'invalid' | 'failed';

/**
 * Paying: check the form and the card in the browser, save what the style saves before paying, then
 * pay (pay-flow.ts: tokenize at the provider, place and pay the order). One idempotency key per attempt:
 * a second click while the attempt is on its way sends nothing, and an attempt that got no answer
 * (network) is retried with the same key, so the card is charged once. A decline leaves the checkout
 * payable: the caller clears the card and the shopper pays again, with the same or another card.
 */
export function usePay({
  problems,
  saveFirst,
}: {
  /** The form's own problems before paying (the card's are added). */
  problems: (validation: Validation) => FieldErrors;
  /** Saves what the style keeps before paying; false when the server refused a field. */
  saveFirst: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const { token, checkout, setErrors, form, whenSaved, methods, funnel, apply, setCouponRemoved } = useCheckout();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const inFlight = useRef(false);

  async function pay(card: CardFields, method: string, extra: MethodExtra = {}): Promise<PayResult> {
    if (inFlight.current) return 'failed';
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const [validation, flow, draft] = await Promise.all([
        loadValidation(),
        import('./pay-flow'),
        import('../../state/checkout-draft'),
      ]);
      const chosen = methods.find((m) => m.code === method);
      const withCard = hasCardFields(chosen);
      const found = {
        ...problems(validation),
        ...(withCard ? validation.cardProblems(card) : {}),
        ...bankProblems(chosen, extra),
      };
      if (Object.keys(found).length) {
        setErrors(found, true);
        return 'invalid';
      }
      setErrors({}, true);
      // Choices saved as they were made are answered first: the order is priced as the page shows.
      await whenSaved();
      if (!(await saveFirst())) return 'invalid';
      trackPaymentInfo(checkout, method);
      const result = await flow.pay({
        api,
        t,
        token,
        card: withCard ? card : null,
        method,
        provider: chosen?.provider,
        extra,
        attempt,
        funnel,
        saveAddress: form.saveInfo,
      });
      switch (result.outcome) {
        case 'paid':
          draft.writeSavedInfo(form);
          draft.clearDraft(token);
          await navigate({ href: result.href });
          return 'paid';
        case 'away':
          // The provider's page (3-D Secure, a wallet, a bank) or a result page: the shopper's details
          // stay saved for their return.
          draft.writeSavedInfo(form);
          leavePage(result.href);
          return 'paid';
        case 'settled':
          draft.clearDraft(token);
          await navigate({ href: `/thankyou/${result.orderToken}` });
          return 'paid';
        case 'soldOut':
          await navigate({ to: '/checkout/soldOut', search: { token } });
          return 'failed';
        case 'cardErrors':
          setErrors(result.errors, true);
          return 'invalid';
        case 'declined':
          setFailure(result.message);
          return 'declined';
        case 'couponRemoved':
          // Said beside "Complete order" and beside the discount code; the summary shows the new total
          // to pay, and the next click pays it.
          setFailure(t('checkout.discount.removed', { code: result.removed.code, reason: result.message }));
          setCouponRemoved(result.removed);
          await apply(() => api.checkout.get(token)).catch(() => {});
          return 'failed';
        case 'failed':
          setFailure(result.message);
          return 'failed';
      }
    } catch (error) {
      setFailure(await errorMessage(error, t));
      return 'failed';
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { pay, busy, failure };
}
