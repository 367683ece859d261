// The funnel addresses of the spec that lead into a funnel's steps: /newCheckout/{handle} (the funnel's
// checkout step), /newCheckout/test (the test checkout page: every live funnel's checkout), and
// /checkout/upsell and /checkout/downsell with the main order's token (that buyer's offer: after the shop's
// own checkout, drawn here; a funnel's order is sent to its funnel's offer step, spec: funnel redirects
// append pageId). The others answer with a redirect to the funnel path with its pageId.
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { loadShopOffer } from '../page/load-theme-page';
import { pageHead } from '../page/page-head';
import { isToken } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { orNotFound, requireHandles } from './not-found-on-404';
import { rootRoute } from './root';
import { pageAddress } from './seo';

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

/** `?order=` the main order's token; `?failed=` the code a plain form's answer was refused with. */
export interface ShopOfferSearch {
  order?: string;
  failed?: number;
}

// A shop order's offer after its checkout (a checkout trigger's, drawn on its funnel page), or for a
// funnel's order its funnel's offer step. One buyer's offer: read anew on each visit, never kept.
const offerRoute = (type: 'upsell' | 'downsell') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/checkout/${type}`,
    validateSearch: (search: Record<string, unknown>): ShopOfferSearch => ({
      ...(typeof search.order === 'string' && isToken(search.order) ? { order: search.order } : {}),
      ...(typeof search.failed === 'number' && Number.isInteger(search.failed) ? { failed: search.failed } : {}),
    }),
    loaderDeps: ({ search }) => ({ order: search.order }),
    staleTime: 0,
    gcTime: 0,
    loader: ({ context, deps }) =>
      guardLoader(context, async () => {
        if (!deps.order) throw notFound();
        const shown = await loadShopOffer(context.api, deps.order, type, context.visitorId);
        if (!shown.view || !shown.offer) throw redirect({ href: shown.redirect ?? `/thankyou/${deps.order}` });
        return { ...shown, view: shown.view, offer: shown.offer };
      }),
    head: ({ loaderData, match }) => {
      const head = pageHead(
        loaderData?.view,
        match.context.translations.current().locale,
        pageAddress(match.context, `/checkout/${type}`),
      );
      return { ...head, meta: [...(head.meta ?? []), { name: 'robots', content: 'noindex, nofollow' }] };
    },
    component: lazyRouteComponent(() => import('./views/ShopOfferView'), type === 'upsell' ? 'UpsellView' : 'DownsellView'),
  });

export const checkoutUpsellRoute = offerRoute('upsell');
export const checkoutDownsellRoute = offerRoute('downsell');
