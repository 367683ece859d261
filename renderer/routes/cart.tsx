import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * The cart as it stands: lines, subtotal, continue shopping. Read in the browser (it is the visitor's
 * own, never part of a cached page); changing it and checking out come with the checkout.
 */
export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  staticData: { cache: 'private' },
  head: ({ match }) => ({
    meta: [{ title: match.context.translations.current().t('cart.title') }, { name: 'robots', content: 'noindex' }],
  }),
  component: lazyRouteComponent(() => import('./views/CartView')),
});
