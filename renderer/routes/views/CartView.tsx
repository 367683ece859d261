import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Cart } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useT } from '../../i18n/use-t';
import { Loading } from '../../ui/Loading';
import { Money } from '../../ui/Money';
import { Thumbnail } from '../../ui/Thumbnail';
import { cartRoute } from '../cart';

export default function CartView() {
  const { t } = useT();
  const { api } = cartRoute.useRouteContext();
  const [cart, setCart] = useState<Cart | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    api.cart
      .get()
      .then(setCart)
      .catch(async (error: unknown) => setFailure(await errorMessage(error, t)));
  }, [api, t]);

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title">{t('cart.title')}</h1>
      {failure ? (
        <p role="alert">{failure}</p>
      ) : !cart ? (
        <Loading />
      ) : cart.lines.length === 0 ? (
        <div className="cart__empty">
          <p>{t('cart.empty')}</p>
          <Link className="button" to="/collections/$handle" params={{ handle: 'all' }}>
            {t('cart.continueShopping')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart__lines">
            {cart.lines.map((line) => (
              <li key={line.id} className="cart__line">
                {line.image && <Thumbnail image={line.image} />}
                <div>
                  <Link to="/products/$handle" params={{ handle: line.handle }} search={{ variant: line.skuId }}>
                    {line.title}
                  </Link>
                  <p className="cart__options">{line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p>
                  {!line.available && <p className="cart__warning">{t('cart.notAvailable')}</p>}
                </div>
                <p className="cart__quantity">{t('cart.quantity', { count: line.quantity })}</p>
                <Money className="cart__line-total" value={line.lineTotal} />
              </li>
            ))}
          </ul>
          <p className="cart__subtotal">
            <span>{t('cart.subtotal')}</span> <Money value={cart.subtotal} />
          </p>
          <p className="cart__note">{t('cart.checkoutSoon')}</p>
          <Link className="button button--secondary" to="/collections/$handle" params={{ handle: 'all' }}>
            {t('cart.continueShopping')}
          </Link>
        </>
      )}
    </section>
  );
}
