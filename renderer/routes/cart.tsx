import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { readVisitorCart } from './cart-data';
import { rootRoute } from './root';

const cartHead = (t: (key: string) => string) => ({ meta: [{ title: t('cart.title') }, { name: 'robots', content: 'noindex' }] });
const CartView = lazyRouteComponent(() => import('./views/CartView'));

const loadCart = ({ context }: { context: RouterContext }) => readVisitorCart(context);
/** Every visit reads the cart anew: another tab or the checkout may have changed it. */
const fresh = { staleTime: 0, gcTime: 0 } as const;

/** The cart (spec section 2): the visitor's own, read in the browser and never part of a cached page. */
export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  loader: loadCart,
  ...fresh,
  head: ({ match }) => cartHead(match.context.translations.current().t),
  component: CartView,
});

/** `/cart1`: the spec's variant address of the same cart. */
export const cart1Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart1',
  loader: loadCart,
  ...fresh,
  head: ({ match }) => cartHead(match.context.translations.current().t),
  component: CartView,
});
