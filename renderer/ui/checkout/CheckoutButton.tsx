import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useCheckoutStyle } from '../../state/checkout-style';
import { useShopActions } from '../../state/shop-state';

/** The cart's Checkout button: starts a checkout of the cart and goes to it, in the site's checkout style. */
export function CheckoutButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const { toast } = useShopActions();
  const style = useCheckoutStyle();
  const [busy, setBusy] = useState(false);

  async function go() {
    // The one-page cart checkout starts its own (its page shows the cart's lines above the form).
    if (style === 'one-page-cart') return void navigate({ to: '/cart/checkout' });
    setBusy(true);
    try {
      const { token } = await api.checkout.start();
      await navigate({ to: '/checkout/$token', params: { token } });
    } catch (error) {
      toast(await errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button--wide cart__checkout" disabled={disabled || busy} onClick={() => void go()}>
      {t('checkout.cartButton')}
    </button>
  );
}
