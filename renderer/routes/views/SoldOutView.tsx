import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLocalHref } from '../../ui/use-local-href';

const soldOutRoute = getRouteApi('/checkout/soldOut');

/** Spec: "Some items are no longer available. Your cart has been updated.", and where to go on. */
export default function SoldOutView() {
  const { t } = useTranslation();
  const localHref = useLocalHref();
  const { token } = soldOutRoute.useSearch();
  return (
    <section className="order order--sold-out" aria-labelledby="sold-out-title">
      <h1 id="sold-out-title">{t('order.soldOut.title')}</h1>
      <p className="order__notice" role="status">
        {t('cart.soldOut')}
      </p>
      <p className="order__actions">
        <Link className="button" to="/cart">
          {t('order.soldOut.viewCart')}
        </Link>
        {token && (
          <a className="button button--secondary" href={localHref(`/checkout/${token}`)}>
            {t('order.soldOut.backToCheckout')}
          </a>
        )}
      </p>
    </section>
  );
}
