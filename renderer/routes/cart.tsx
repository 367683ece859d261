import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Cart } from '../../schemas/generated/api';
import type { RouterContext } from '../router-context';
import { rootRoute } from './root';

const cartHead = (t: (key: string) => string) => ({ meta: [{ title: t('cart.title') }, { name: 'robots', content: 'noindex' }] });
const CartView = lazyRouteComponent(() => import('./views/CartView'));

/**
 * The visitor's cart, read where the page is drawn (the page is private: never kept or shared), so the
 * server's HTML shows it and nothing moves when the page comes alive. A visitor without an id has no
 * cart yet; a cart that cannot be read now is read again in the browser.
 */
export type CartLoad = { visitor: false } | { visitor: true; cart: Cart | null };

export async function readVisitorCart(context: RouterContext): Promise<CartLoad> {
  if (!context.visitorId) return { visitor: false };
  try {
    return { visitor: true, cart: await context.api.cart.get(context.visitorId) };
  } catch {
    return { visitor: true, cart: null };
  }
}
const loadCart = ({ context }: { context: RouterContext }) => readVisitorCart(context);
/** Every visit reads the cart anew: another tab or the checkout may have changed it. */
const fresh = { staleTime: 0, gcTime: 0 } as const;

/** The cart (spec section 2): the visitor's own, read in the browser and never part of a kept page. */
export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  staticData: { cache: 'private' },
  loader: loadCart,
  ...fresh,
  head: ({ match }) => cartHead(match.context.translations.current().t),
  component: CartView,
});

/** `/cart1`: the spec's variant address of the same cart. */
export const cart1Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart1',
  staticData: { cache: 'private' },
  loader: loadCart,
  ...fresh,
  head: ({ match }) => cartHead(match.context.translations.current().t),
  component: CartView,
});
