import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ShippingOption } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';

/**
 * The ways of shipping to a country (and province), priced by the server for this checkout (its spend
 * after discounts and its weight), asked again when the destination or the subtotal changes.
 */
export function useShippingOptions(country: string, province: string, checkoutToken: string, subtotal: number, enabled: boolean) {
  const { api } = useRouter().options.context;
  const { t } = useTranslation();
  const [state, setState] = useState<{ options: ShippingOption[] | null; failure: string | null }>({
    options: null,
    failure: null,
  });
  useEffect(() => {
    if (!enabled || !country) return;
    let live = true;
    api.checkout
      .shippingOptions(country, province || undefined, checkoutToken)
      .then((options) => live && setState({ options, failure: null }))
      .catch(async (error: unknown) => {
        const failure = await errorMessage(error, t);
        if (live) setState({ options: [], failure });
      });
    return () => {
      live = false;
    };
  }, [api, country, province, checkoutToken, subtotal, enabled, t]);
  return state;
}
