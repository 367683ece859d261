import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { RecoveredCheckout } from '../../../schemas/generated/api';
import { ApiError } from '../../api/api-error';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { isToken } from '../../ui/order/handles';

const checkoutRecoverRoute = getRouteApi('/checkout/recover/$key');

type State = { kind: 'restoring' } | { kind: 'skipped'; recovered: RecoveredCheckout } | { kind: 'unknown' } | { kind: 'failed' };

/** Restores the checkout of a reminder's link and goes on to it; says so plainly when it cannot. */
export default function CheckoutRecoverView() {
  const { t } = useTranslation();
  const { key } = checkoutRecoverRoute.useParams();
  const router = useRouter();
  const { api } = router.options.context;
  const { setCartQuantity } = useShopActions();
  const [state, setState] = useState<State>(isToken(key) ? { kind: 'restoring' } : { kind: 'unknown' });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once per key: React runs effects twice in development, and the call changes the cart.
    if (started.current || !isToken(key)) return;
    started.current = true;
    // Fire and forget: it catches its own failure and shows it.
    void (async () => {
      try {
        const recovered = await api.checkout.recover(key);
        api.cart
          .quantity()
          .then((q) => setCartQuantity(q.quantity))
          .catch(() => {});
        // Lines that sold out meanwhile are said before going on; otherwise straight on, replacing this page in history.
        if (recovered.skipped.length) setState({ kind: 'skipped', recovered });
        else router.history.replace(recovered.next);
      } catch (error) {
        setState({ kind: error instanceof ApiError && error.code === 5009 ? 'unknown' : 'failed' });
      }
    })();
  }, [api, key, router, setCartQuantity]);

  useEffect(() => {
    // What replaced the "restoring" message is read next by a screen reader and by the keyboard.
    if (state.kind !== 'restoring') heading.current?.focus();
  }, [state.kind]);

  return (
    <section className="order order--recover" aria-labelledby="recover-title">
      <h1 id="recover-title" ref={heading} tabIndex={-1}>
        {t('recovery.title')}
      </h1>
      {state.kind === 'restoring' && (
        <p className="order__notice" role="status">
          {t('recovery.restoring')}
        </p>
      )}
      {state.kind === 'skipped' && (
        <>
          <div className="order__notice" role="alert">
            <p>{t('cart.soldOut')}</p>
            <ul>
              {state.recovered.skipped.map((line) => (
                <li key={line.skuId}>{t('cart.soldOutLine', { title: line.title, count: line.quantity })}</li>
              ))}
            </ul>
          </div>
          <p className="order__actions">
            <a className="button" href={state.recovered.next}>
              {state.recovered.next === '/cart' ? t('recovery.toCart') : t('recovery.continue')}
            </a>
          </p>
        </>
      )}
      {(state.kind === 'unknown' || state.kind === 'failed') && (
        <>
          <p className="order__notice" role="alert">
            {state.kind === 'unknown' ? t('recovery.unknown') : t('recovery.failed')}
          </p>
          <p className="order__actions">
            <Link className="button" to="/cart">
              {t('recovery.toCart')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
