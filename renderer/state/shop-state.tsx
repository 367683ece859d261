// Client state of the layout: the cart count and the toasts. One store (use-context-selector):
// components subscribe to the slice they show, so a toast does not re-render the header. Its updates
// are flat (a field set, a toast added or taken off the list), so it does without immer (used for the
// checkout form's nested updates, in checkout-draft.ts, loaded after hydration): every page's first-load
// JavaScript would carry immer otherwise.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createContext, useContextSelector } from 'use-context-selector';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export type ToastMessage = string | ((t: (key: string, options?: Record<string, string | number>) => string) => string);

export interface Toast {
  id: number;
  type: ToastType;
  /**
   * What it says: a text, or the words drawn with the current translator (a toast written right after a
   * click may come before the page's full messages; drawn this way it shows them once they are there).
   */
  message: ToastMessage;
  /** Milliseconds before it closes by itself (spec: 3000 by default). */
  duration: number;
}

/** Spec section 9: toasts close after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

interface ShopState {
  /** Items in the visitor's cart; null until known (it is never part of the cached HTML). */
  cartQuantity: number | null;
  /**
   * Goes up whenever the cart may have changed on the server without this page changing it (an order
   * paid empties it): the layout then asks for the count again.
   */
  cartRevision: number;
  toasts: Toast[];
}

interface ShopActions {
  /** The count after a change this page made (an add, a quantity changed): the server's own answer to it. */
  setCartQuantity(quantity: number): void;
  /** How many times this page has set the count so far (setCartQuantity): to tell an older read from a newer answer. */
  cartChanges(): number;
  /**
   * The count as a read asked when `cartChanges()` was `asked` found it: dropped when the page changed the
   * cart since. A read sent at hydration may be answered after an add clicked at once (its answer counted
   * the cart before the add), and would hide the item just added.
   */
  setReadCartQuantity(quantity: number, asked: number): void;
  /** Asks the server for the cart count again (see cartRevision). */
  reloadCartQuantity(): void;
  toast(message: ToastMessage, type?: ToastType, duration?: number): void;
  dismissToast(id: number): void;
}

type Store = { state: ShopState; actions: ShopActions };

const ShopContext = createContext<Store | null>(null);

export function ShopStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ShopState>({ cartQuantity: null, cartRevision: 0, toasts: [] });
  const nextId = useRef(1);
  const cartChanges = useRef(0);
  const update = useCallback(
    (change: (current: ShopState) => Partial<ShopState>) => setState((current) => ({ ...current, ...change(current) })),
    [],
  );
  const actions = useMemo<ShopActions>(
    () => ({
      setCartQuantity: (quantity) => {
        cartChanges.current++;
        update(() => ({ cartQuantity: quantity }));
      },
      cartChanges: () => cartChanges.current,
      setReadCartQuantity: (quantity, asked) => {
        if (cartChanges.current === asked) update(() => ({ cartQuantity: quantity }));
      },
      reloadCartQuantity: () => update((current) => ({ cartRevision: current.cartRevision + 1 })),
      toast: (message, type = 'info', duration = TOAST_DURATION_MS) =>
        update((current) => ({ toasts: [...current.toasts, { id: nextId.current++, type, message, duration }] })),
      dismissToast: (id) => update((current) => ({ toasts: current.toasts.filter((t) => t.id !== id) })),
    }),
    [update],
  );
  const store = useMemo(() => ({ state, actions }), [state, actions]);
  return <ShopContext.Provider value={store}>{children}</ShopContext.Provider>;
}

function useStore<T>(select: (store: Store) => T): T {
  return useContextSelector(ShopContext, (store) => {
    if (!store) throw new Error('ShopStateProvider is missing');
    return select(store);
  });
}

export const useShopActions = () => useStore((s) => s.actions);
export const useCartQuantity = () => useStore((s) => s.state.cartQuantity);
export const useCartRevision = () => useStore((s) => s.state.cartRevision);
export const useToasts = () => useStore((s) => s.state.toasts);

/** Closes a toast after its duration; the ones below move up as it leaves the stack. */
export function useAutoClose(toast: Toast, dismiss: (id: number) => void) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
}
