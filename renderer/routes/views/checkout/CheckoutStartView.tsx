import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/Loading';
import { CheckoutMessage } from './CheckoutGate';

/** `/checkout`: starts a checkout from the visitor's cart and shows it at its own address. */
export default function CheckoutStartView() {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.checkout
      .start()
      .then(({ token }) => {
        if (live) void navigate({ to: '/checkout/$token', params: { token }, replace: true });
      })
      .catch(async (error: unknown) => {
        const message = await errorMessage(error, t);
        if (live) setFailure(message);
      });
    return () => {
      live = false;
    };
  }, [api, navigate, t]);
  return failure ? <CheckoutMessage title={t('checkout.title')} text={failure} /> : <Loading />;
}
