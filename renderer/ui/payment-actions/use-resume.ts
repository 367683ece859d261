import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../checkout/checkout-form';
import { isProviderPage } from '../checkout/pay-flow';
import { addressErrorsOf } from './PaymentAddressForm';

/** Spec section 8, 5008: the order's time ran out (canceled by the countdown, or expired). */
export const PERIOD_EXPIRED = 5008;

/**
 * The payment goes on after the shop's page (PUT api/paymentStrategy): on success the shopper follows
 * the answer's `next` (thank-you, or a provider's page by a full load); a refused address names its
 * fields; an order canceled meanwhile calls `onCanceled`; any other failure is a message to show.
 */
export function useResume(orderToken: string, onCanceled?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useRouter().options.context;
  const [message, setMessage] = useState<string | null>(null);

  async function resume(input: { address?: CheckoutAddress; acceptShipping?: boolean }): Promise<FieldErrors | null> {
    setMessage(null);
    try {
      const outcome = await api.payments.resume({ orderToken, ...input });
      if (isProviderPage(outcome.next)) window.location.assign(outcome.next);
      else await navigate({ href: outcome.next });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === PERIOD_EXPIRED && onCanceled) {
        onCanceled();
        return null;
      }
      if (error instanceof ApiError && error.status === 400) {
        const fields = addressErrorsOf(error.data);
        if (fields) return fields;
      }
      setMessage(await errorMessage(error, t));
      return null;
    }
  }

  return { resume, message };
}
