import { Link, useLoaderData, useRouter } from '@tanstack/react-router';
import { priced } from '../../tracking/commerce-events';
import { trackShopEvent } from '../../tracking/shop-events';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart, CartGift, CartHint, CartLine, GiftChoice, GiftOffer as GiftOfferValue } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { GiftOffer } from '../../ui/cart/GiftOffer';
import { CartLineItem } from '../../ui/cart/CartLineItem';
import { CheckoutButton } from '../../ui/checkout/CheckoutButton';
import { ExpressSlot } from '../../ui/express/ExpressSlot';
import { Loading } from '../../ui/Loading';
import { Money } from '../../ui/Money';
import type { CartLoad } from '../cart-data';

/** Typing a quantity waits this long after the last key before the server is asked. */
const QUANTITY_DEBOUNCE_MS = 400;

/**
 * The cart (spec section 2): lines with their quantity and a way to take them out, promotion and
 * total, discount hints, the sold-out notice. Changes show at once (optimistic) and are undone, with
 * a toast saying why, when the server refuses them; the server's answer then brings the new totals.
 */
export default function CartView() {
  const { t } = useTranslation();
  const { api, translations } = useRouter().options.context;
  const { setCartQuantity, toast } = useShopActions();
  const loaded = useLoaderData({ strict: false }) as CartLoad | undefined;
  const [cart, setCart] = useState<Cart | null>(loaded?.visitor ? loaded.cart : null);
  /** A visitor without an id has put nothing in a cart yet: the empty cart shows at once. */
  const noVisitor = loaded?.visitor === false;
  const [failure, setFailure] = useState<string | null>(null);
  /** Quantities typed or stepped but not yet answered by the server, by line id. */
  const [edits, setEdits] = useState<Record<number, number>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const settle = useCallback(
    (next: Cart) => {
      setCart(next);
      setCartQuantity(next.quantity);
    },
    [setCartQuantity],
  );

  // The header's count follows the cart the page came with (later ones are settled where they arrive);
  // a cart the server could not read is read once hydrated. Its strings were not in the server's page, so
  // it shows once the language's messages are in too (never a button without its words).
  const [cameWith] = useState(cart);
  useEffect(() => {
    if (cameWith) return setCartQuantity(cameWith.quantity);
    if (noVisitor) return;
    Promise.all([api.cart.get(), translations.ready()])
      .then(([next]) => settle(next))
      .catch(async (error: unknown) => setFailure(await errorMessage(error, t)));
  }, [cameWith, noVisitor, api, translations, t, settle, setCartQuantity]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The cart's view, once per visit of the page, when its lines are known.
  const viewed = useRef(false);
  useEffect(() => {
    if (!cart || viewed.current || !cart.lines.length) return;
    viewed.current = true;
    trackShopEvent({ name: 'ViewCart', ...priced(cart.lines, cart.subtotal) });
  }, [cart]);

  const shownQuantity = (line: CartLine) => edits[line.id] ?? line.quantity;

  function changeQuantity(line: CartLine, quantity: number) {
    setEdits((current) => ({ ...current, [line.id]: quantity }));
    if (cart) setCartQuantity(cart.lines.reduce((n, l) => n + (l.id === line.id ? quantity : shownQuantity(l)), 0));
    clearTimeout(timers.current.get(line.id));
    timers.current.set(
      line.id,
      setTimeout(() => {
        api.cart
          .setQuantity(line.id, quantity)
          .then(settle)
          .catch(async (error: unknown) => {
            toast(await errorMessage(error, t), 'error');
            if (cart) setCartQuantity(cart.quantity);
          })
          .finally(() => setEdits(({ [line.id]: _answered, ...rest }) => rest));
      }, QUANTITY_DEBOUNCE_MS),
    );
  }

  async function remove(line: CartLine) {
    if (!cart) return;
    const before = cart;
    clearTimeout(timers.current.get(line.id));
    const lines = cart.lines.filter((l) => l.id !== line.id);
    setCart({ ...cart, lines, quantity: lines.reduce((n, l) => n + l.quantity, 0) });
    setCartQuantity(lines.reduce((n, l) => n + shownQuantity(l), 0));
    try {
      settle(await api.cart.remove(line.id));
      toast((tr) => tr('cart.removedToast', { title: line.title }), 'success');
    } catch (error) {
      settle(before);
      toast(await errorMessage(error, t), 'error');
    }
  }

  /** The free gift shows at once; the cart as it was comes back, with the reason, when the server refuses. */
  async function changeGift(next: CartGift | null, send: () => Promise<Cart>, done: string) {
    if (!cart) return;
    const before = cart;
    setCart({ ...cart, gift: next });
    try {
      settle(await send());
      toast(done, 'success');
    } catch (error) {
      settle(before);
      toast(await errorMessage(error, t), 'error');
    }
  }
  const pickGift = (choice: GiftChoice, offer: GiftOfferValue) =>
    changeGift(
      { ...choice, price: { amount: 0, currencyCode: offer.minSubtotal.currencyCode }, promotion: offer.title },
      () => api.cart.addGift(choice.skuId),
      t('cart.gift.addedToast', { title: choice.title }),
    );
  const removeGift = (gift: CartGift) =>
    changeGift(null, () => api.cart.removeGift(gift.skuId), t('cart.gift.removedToast', { title: gift.title }));

  const pending = Object.keys(edits).length > 0;
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title">{t('cart.title')}</h1>
      {cart && cart.removed.length > 0 && (
        <div className="cart__notice" role="status">
          <p>{t('cart.soldOut')}</p>
          <ul>
            {cart.removed.map((line, i) => (
              <li key={i}>{t('cart.soldOutLine', { title: line.title, count: line.quantity })}</li>
            ))}
          </ul>
        </div>
      )}
      {failure ? (
        <p role="alert">{failure}</p>
      ) : !cart && !noVisitor ? (
        <Loading />
      ) : !cart || cart.lines.length === 0 ? (
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
              <CartLineItem
                key={line.id}
                line={line}
                quantity={shownQuantity(line)}
                onQuantity={(quantity) => changeQuantity(line, quantity)}
                onRemove={() => void remove(line)}
              />
            ))}
          </ul>
          <GiftOffer
            gift={cart.gift}
            offers={cart.giftOffers}
            onPick={(choice, offer) => void pickGift(choice, offer)}
            onRemove={(gift) => void removeGift(gift)}
          />
          {cart.hints.length > 0 && <Hints hints={cart.hints} />}
          <dl className="cart__totals" aria-busy={pending}>
            <div>
              <dt>{t('cart.subtotal')}</dt>
              <dd>
                <Money value={cart.totals.totalLineItemsPrice} />
              </dd>
            </div>
            {cart.totals.totalPromotion.amount > 0 && (
              <div className="cart__saving">
                <dt>{t('cart.promotion')}</dt>
                <dd>
                  −<Money value={cart.totals.totalPromotion} />
                </dd>
              </div>
            )}
            <div className="cart__total">
              <dt>{t('cart.total')}</dt>
              <dd>
                <Money value={cart.totals.subtotalPrice} />
              </dd>
            </div>
          </dl>
          <p className="visually-hidden" aria-live="polite">
            {pending ? t('cart.updating') : ''}
          </p>
          <CheckoutButton disabled={pending} />
          <ExpressSlot disabled={pending} checkout={() => api.checkout.start().then((started) => started.token)} />
          <Link className="button button--secondary" to="/collections/$handle" params={{ handle: 'all' }}>
            {t('cart.continueShopping')}
          </Link>
        </>
      )}
    </section>
  );
}

function Hints({ hints }: { hints: CartHint[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const text = (hint: CartHint) => {
    const promotion = hint.promotion;
    if (hint.by === 'quantity') {
      return hint.percentOff !== undefined
        ? t('cart.hintQuantityPercent', { count: hint.more ?? 0, percent: hint.percentOff, promotion })
        : t('cart.hintQuantityAmount', { count: hint.more ?? 0, amount: money(hint.amountOff!), promotion });
    }
    return hint.percentOff !== undefined
      ? t('cart.hintSpendPercent', { amount: money(hint.moreSpend!), percent: hint.percentOff, promotion })
      : t('cart.hintSpendAmount', { amount: money(hint.moreSpend!), saving: money(hint.amountOff!), promotion });
  };
  return (
    <section className="cart__hints" aria-label={t('cart.offers')}>
      <ul>
        {hints.map((hint, i) => (
          <li key={i}>{text(hint)}</li>
        ))}
      </ul>
    </section>
  );
}
