import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Cart, CartLine } from '../../../../schemas/generated/api';
import { errorMessage } from '../../../api/error-message';
import { Trans, useTranslation } from 'react-i18next';
import { useShopActions } from '../../../state/shop-state';
import { CartLineItem } from '../../../ui/cart/CartLineItem';
import { Loading } from '../../../ui/Loading';

/** Typing a quantity waits this long after the last key before the server is asked (as on the cart page). */
const QUANTITY_DEBOUNCE_MS = 400;

/**
 * The cart's lines above the one-page form: quantities and taking a line out; each change starts the
 * checkout anew. `initial`: the cart as the page was drawn with it (null: it is read in the browser).
 */
export default function CartLines({ initial, onChanged }: { initial: Cart | null; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const { setCartQuantity, toast } = useShopActions();
  const [cart, setCart] = useState<Cart | null>(initial);
  const [edits, setEdits] = useState<Record<number, number>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (initial) return;
    api.cart
      .get()
      .then(setCart)
      .catch(() => setCart(null));
  }, [api, initial]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const settle = (next: Cart) => {
    setCart(next);
    setCartQuantity(next.quantity);
    return onChanged();
  };

  function changeQuantity(line: CartLine, quantity: number) {
    setEdits((current) => ({ ...current, [line.id]: quantity }));
    clearTimeout(timers.current.get(line.id));
    timers.current.set(
      line.id,
      setTimeout(() => {
        api.cart
          .setQuantity(line.id, quantity)
          .then(settle)
          .catch(async (error: unknown) => toast(await errorMessage(error, t), 'error'))
          .finally(() => setEdits(({ [line.id]: _answered, ...rest }) => rest));
      }, QUANTITY_DEBOUNCE_MS),
    );
  }

  async function remove(line: CartLine) {
    try {
      await settle(await api.cart.remove(line.id));
      toast((tr) => tr('cart.removedToast', { title: line.title }), 'success');
    } catch (error) {
      toast(await errorMessage(error, t), 'error');
    }
  }

  if (!cart) return <Loading />;
  return (
    <section className="checkout-cart" aria-labelledby="checkout-cart-title">
      <h2 id="checkout-cart-title">{t('cart.title')}</h2>
      {cart.lines.length === 0 ? (
        <p>
          <Trans
            i18nKey="cart.emptyContinueShopping"
            components={{ a: <Link to="/collections/$handle" params={{ handle: 'all' }} /> }}
          />
        </p>
      ) : (
        <ul className="cart__lines">
          {cart.lines.map((line) => (
            <CartLineItem
              key={line.id}
              line={line}
              quantity={edits[line.id] ?? line.quantity}
              onQuantity={(quantity) => changeQuantity(line, quantity)}
              onRemove={() => void remove(line)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
