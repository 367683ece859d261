import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/Loading';
import { CheckoutGate, CheckoutMessage } from './CheckoutGate';
import { OnePage } from '../../../ui/checkout/OnePage';
import CartLines from './CartCheckoutLines';

const cartCheckoutRoute = getRouteApi('/cart/checkout');

/**
 * `/cart/checkout` (one-page cart checkout): the cart's lines, still changeable, above the one-page
 * form. A checkout holds the lines it was started with, so a change of the cart starts a new one (the
 * typed details move to it) and the address bar takes its token: a reload shows the same checkout.
 */
export default function CartCheckoutView() {
  const { t } = useTranslation();
  const { checkout: data, cart } = cartCheckoutRoute.useLoaderData();
  const { token } = cartCheckoutRoute.useSearch();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const start = useCallback(
    async (previous?: string) => {
      try {
        const started = await api.checkout.start();
        if (previous) (await import('../../../state/checkout-draft')).moveDraft(previous, started.token);
        await navigate({ to: '/cart/checkout', search: { token: started.token }, replace: true });
      } catch (error) {
        setFailure(await errorMessage(error, t));
      }
    },
    [api, navigate, t],
  );

  useEffect(() => {
    if (!token) void start();
  }, [token, start]);

  if (failure) return <CheckoutMessage title={t('checkout.title')} text={failure} />;
  if (!token) return <Loading />;
  return (
    <CheckoutGate data={data}>
      {({ checkout }) => (
        <OnePage top={<CartLines initial={cart.visitor ? cart.cart : null} onChanged={() => start(checkout.token)} />} />
      )}
    </CheckoutGate>
  );
}
