import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Cart, CartLine } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { Loading } from '../Loading';
import { Money } from '../Money';
import { Thumbnail } from '../Thumbnail';
import type { CartPopupRequest } from './cart-popup-store';
import { trapTab } from './focus-trap';

/** The cart's lines for what was just added, in the order it was added, each with the quantity added. */
export function addedLines(cart: Cart, items: CartPopupRequest['items']): { line: CartLine; quantity: number }[] {
  return items.flatMap((item) => {
    const line = cart.lines.find((l) => l.skuId === item.skuId);
    return line ? [{ line, quantity: item.quantity }] : [];
  });
}

/**
 * The small-cart popup (spec section 3): what was just added, the cart's count and subtotal, and the
 * ways on. A modal dialog near the header: focus moves into it and back to the add button when it
 * closes (Escape, its close button, a click outside it, or leaving the page).
 */
export default function CartPopup({ request, onClose }: { request: CartPopupRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const dialog = useRef<HTMLDivElement>(null);
  const [cart, setCart] = useState<Cart | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.cart
      .get()
      .then((answer) => live && setCart(answer))
      .catch(async (error: unknown) => {
        const message = await errorMessage(error, t);
        if (live) setFailure(message);
      });
    return () => {
      live = false;
    };
  }, [api, t]);

  // Focus in on opening; back to what opened it on closing (unless the shopper clicked elsewhere).
  useEffect(() => {
    const opener = request.opener;
    const node = dialog.current;
    node?.focus();
    return () => {
      const focus = document.activeElement;
      if (opener?.isConnected && (!focus || focus === document.body || node?.contains(focus)))
        // Without scrolling: a click outside that closed the popup must land where the shopper aimed.
        opener.focus({ preventScroll: true });
    };
  }, [request]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (dialog.current) trapTab(event, dialog.current);
    };
    const onPointer = (event: PointerEvent) => {
      if (dialog.current && !dialog.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  // Another page: the popup was about the one left.
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedOn.current) onClose();
  }, [pathname, onClose]);

  return (
    <div ref={dialog} className="cart-popup" role="dialog" aria-modal="true" aria-labelledby="cart-popup-title" tabIndex={-1}>
      <CartPopupContent cart={cart} failure={failure} request={request} onClose={onClose} />
    </div>
  );
}

/** What the popup shows (without the dialog's behaviour), for render tests. */
export function CartPopupContent({
  cart,
  failure,
  request,
  onClose,
}: {
  cart: Cart | null;
  failure: string | null;
  request: Pick<CartPopupRequest, 'items'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="cart-popup__head">
        <h2 id="cart-popup-title">{t('cartPopup.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('cartPopup.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {failure ? (
        <p role="alert">{failure}</p>
      ) : !cart ? (
        <Loading />
      ) : (
        <>
          <ul className="cart-popup__lines">
            {addedLines(cart, request.items).map(({ line, quantity }) => (
              <li key={line.id} className="cart-popup__line">
                {line.image && <Thumbnail image={line.image} />}
                <div>
                  <p className="cart-popup__title">{line.title}</p>
                  {line.options.length > 0 && (
                    <p className="cart-popup__options">{line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p>
                  )}
                  <p className="cart-popup__quantity">{t('cartPopup.quantity', { quantity })}</p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="cart-popup__summary">
            <div>
              <dt>{t('cartPopup.inCart')}</dt>
              <dd>{cart.quantity}</dd>
            </div>
            <div>
              <dt>{t('cartPopup.subtotal')}</dt>
              <dd>
                <Money value={cart.subtotal} />
              </dd>
            </div>
          </dl>
        </>
      )}
      <div className="cart-popup__actions">
        <Link className="button button--secondary" to="/cart" onClick={onClose}>
          {t('cartPopup.viewCart')}
        </Link>
        {/* Goes to the cart for now: the cart's own button starts the checkout. */}
        <Link className="button" to="/cart" onClick={onClose}>
          {t('cartPopup.checkout')}
        </Link>
      </div>
    </>
  );
}
