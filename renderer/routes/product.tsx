import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardLoader } from './guard-loader';
import { requireHandles } from './not-found-on-404';
import { loadProductPage, productHead, productSearch } from './product-data';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$handle',
  // The same page for every visitor of a locale, currency and device: cached and shared; its view is
  // rendered once per loader data, device and address (server/ssr/cached-html.tsx).
  staticData: { cache: 'public', cacheView: true },
  validateSearch: productSearch,
  loader: ({ context, params }) => {
    requireHandles(params.handle);
    return guardLoader(context, () => loadProductPage(context, params.handle));
  },
  head: ({ loaderData, match }) => productHead(loaderData, match.context),
  component: lazyRouteComponent(() => import('./views/ProductView')),
});
