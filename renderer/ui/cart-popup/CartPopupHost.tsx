import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cartPopupRequest, closeCartPopup, subscribeCartPopup } from './cart-popup-store';

// Loaded the first time something is added: no page carries the popup's code before that.
const CartPopup = lazy(() => import('./CartPopup'));

/**
 * Where the small-cart popup appears (in the layout, under the header), with the live region that says
 * what was added: it is on the page from the start, as a region must be for its changes to be read out.
 */
export function CartPopupHost() {
  const { t } = useTranslation();
  const request = useSyncExternalStore(subscribeCartPopup, cartPopupRequest, () => null);
  return (
    <>
      <p className="visually-hidden" role="status">
        {request ? request.announce(t) : ''}
      </p>
      {request && (
        <Suspense fallback={null}>
          <CartPopup key={request.id} request={request} onClose={closeCartPopup} />
        </Suspense>
      )}
    </>
  );
}
