import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { composed } from '../render-cache';
import { guardLoader } from './guard-loader';
import { orNotFound, requireHandles } from './not-found-on-404';
import { loadProductPage, productHead, productSearch } from './product-data';
import { rootRoute } from './root';

/** A product reached from a collection: the same page, with the way back to the collection. */
export const collectionProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections/$collection/products/$handle',
  // The same page for every visitor of a locale, currency and device: cached and shared; its view is
  // rendered once per loader data, device and address (server/ssr/cached-html.tsx).
  staticData: { cache: 'public', cacheView: true },
  validateSearch: productSearch,
  loader: ({ context, params }) => {
    requireHandles(params.handle, params.collection);
    return guardLoader(context, async () => {
      const [page, collection] = await Promise.all([
        loadProductPage(context, params.handle),
        orNotFound(context.api.collection(params.collection)),
      ]);
      // On the server, the same object while the page's data and the collection are (product-data.ts).
      return composed(context, [page, collection], () => ({ ...page, collection }));
    });
  },
  head: ({ loaderData, match }) => productHead(loaderData, match.context),
  component: lazyRouteComponent(() => import('./views/CollectionProductView')),
});
