import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderLine } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { reorder, type Reordered } from './reorder';

type State =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'partial'; result: Reordered }
  | { kind: 'failed'; message: string };

/**
 * "Order again": the canceled order's lines go back into the cart and the shopper goes to it. When some
 * are sold out, they are named first (the rest is in the cart), with the way on.
 */
export function Reorder({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useRouter().options.context;
  const { setCartQuantity } = useShopActions();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function orderAgain() {
    if (state.kind === 'working') return;
    setState({ kind: 'working' });
    try {
      const result = await reorder(api, lines);
      setCartQuantity(result.quantity);
      if (!result.leftOut.length) return void (await navigate({ to: '/cart' }));
      setState({ kind: 'partial', result });
    } catch (error) {
      setState({ kind: 'failed', message: await errorMessage(error, t) });
    }
  }

  return (
    <>
      <div className="payment-action__result" role="alert">
        {state.kind === 'partial' && (
          <div className="order__notice">
            <p>{state.result.added.length ? t('cart.soldOut') : t('paymentAction.reorder.noneLeft')}</p>
            <ul>
              {state.result.leftOut.map((line) => (
                <li key={line.skuId}>{t('cart.soldOutLine', { title: line.title, count: line.quantity })}</li>
              ))}
            </ul>
          </div>
        )}
        {state.kind === 'failed' && <p className="order__notice">{state.message}</p>}
      </div>
      <p className="order__actions">
        {state.kind === 'partial' ? (
          state.result.added.length ? (
            <Link className="button" to="/cart">
              {t('recovery.toCart')}
            </Link>
          ) : (
            <Link className="button" to="/collections/$handle" params={{ handle: 'all' }}>
              {t('order.continueShopping')}
            </Link>
          )
        ) : (
          <button className="button" type="button" onClick={orderAgain} aria-disabled={state.kind === 'working' || undefined}>
            {state.kind === 'working' ? t('paymentAction.working') : t('paymentAction.reorder.button')}
          </button>
        )}
      </p>
    </>
  );
}
