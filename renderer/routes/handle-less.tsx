// The routes with an optional handle (spec section 2), without one. Where the address has a canonical
// page it redirects there, its query kept: `/collections` and `/products` are every product, the
// collection `/collections/all` (301, as shops do); `/payment?order=` is where a provider may send the
// buyer back, `/payment/information` (302), which asks how the payment stands. `/thankyou` names no order:
// the page of an order not found (404), with the ways on. `/track` is the tracking form (track.tsx);
// `/pages`, `/funnel` and `/newCheckout` name nothing and match no route: the 404 page. See docs/shop.md.
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { isToken } from '../ui/order/handles';
import { rootRoute } from './root';

const toAllProducts = ({ location }: { location: { searchStr: string } }) => {
  throw redirect({ href: `/collections/all${location.searchStr}`, statusCode: 301 });
};

export const collectionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections',
  beforeLoad: toAllProducts,
});

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products',
  beforeLoad: toAllProducts,
});

export const paymentReturnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment',
  validateSearch: (search: Record<string, unknown>): { order?: string } =>
    typeof search.order === 'string' && isToken(search.order) ? { order: search.order } : {},
  beforeLoad: ({ search }) => {
    if (!search.order) throw notFound();
    throw redirect({
      to: '/payment/$handle',
      params: { handle: 'information' },
      search: { order: search.order },
      statusCode: 302,
    });
  },
});

export const thankYouWithoutOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/thankyou',
  loader: () => {
    throw notFound();
  },
  head: ({ match }) => {
    const { t } = match.context.translations.current();
    return { meta: [{ title: t('order.notFoundTitle') }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  notFoundComponent: lazyRouteComponent(() => import('./views/ThankYouView'), 'OrderNotFound'),
});
