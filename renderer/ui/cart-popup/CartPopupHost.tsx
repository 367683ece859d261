import { lazy, Suspense, useSyncExternalStore } from 'react';
import { cartPopupRequest, closeCartPopup, subscribeCartPopup } from './cart-popup-store';

// Loaded the first time something is added: no page carries the popup's code before that.
const CartPopup = lazy(() => import('./CartPopup'));

/** Where the small-cart popup appears (in the layout, under the header). */
export function CartPopupHost() {
  const request = useSyncExternalStore(subscribeCartPopup, cartPopupRequest, () => null);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CartPopup key={request.id} request={request} onClose={closeCartPopup} />
    </Suspense>
  );
}
