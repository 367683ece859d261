// The funnel addresses of the spec that lead into a funnel's steps: /newCheckout/{handle} (the funnel's
// checkout step), /newCheckout/test (the test checkout page: every live funnel's checkout), and
// /checkout/upsell and /checkout/downsell with the main order's token (that buyer's offer). Each answers
// with a redirect to the funnel path with its pageId (spec: funnel redirects append pageId).
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { isToken } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { orNotFound, requireHandles } from './not-found-on-404';
import { rootRoute } from './root';

export const newCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newCheckout/$handle',
  loader: ({ context, params }) => {
    requireHandles(params.handle);
    return guardLoader(context, async () => {
      const step = await orNotFound(context.api.funnel.location(params.handle, { type: 'checkout' }));
      throw redirect({ href: step.path });
    });
  },
});

export const newCheckoutTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newCheckout/test',
  loader: ({ context }) => guardLoader(context, () => context.api.funnel.live()),
  head: ({ match }) => ({
    meta: [
      { title: match.context.translations.current().t('funnel.test.title') },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  component: lazyRouteComponent(() => import('./views/TestCheckoutView')),
});

const offerRoute = (type: 'upsell' | 'downsell') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/checkout/${type}`,
    validateSearch: (search: Record<string, unknown>): { order?: string } =>
      typeof search.order === 'string' && isToken(search.order) ? { order: search.order } : {},
    loaderDeps: ({ search }) => ({ order: search.order }),
    loader: ({ context, deps }) =>
      guardLoader(context, async () => {
        if (!deps.order) throw notFound();
        const step = await orNotFound(context.api.funnel.afterOrder(deps.order, type));
        throw redirect({ href: step.path });
      }),
  });

export const checkoutUpsellRoute = offerRoute('upsell');
export const checkoutDownsellRoute = offerRoute('downsell');
