import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isToken } from '../ui/order/handles';
import { rootRoute } from './root';

/**
 * `/checkout/soldOut` (spec section 2): where a checkout goes when lines ran out. A static segment, so
 * it wins over the checkout's `/checkout/$token`. `?token=` names the checkout to go back to.
 */
export const soldOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/soldOut',
  // The router keeps query values a validator leaves out, so a token that cannot be one is set to undefined.
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && isToken(search.token) ? search.token : undefined,
  }),
  head: ({ match }) => {
    const { t } = match.context.translations.current();
    return { meta: [{ title: t('order.soldOut.title') }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  component: lazyRouteComponent(() => import('./views/SoldOutView')),
});
