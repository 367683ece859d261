import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardLoader } from './guard-loader';
import { loadProductPage, productHead, productSearch } from './product-data';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$handle',
  validateSearch: productSearch,
  loader: ({ context, params }) => guardLoader(context, () => loadProductPage(context, params.handle)),
  head: ({ loaderData, match }) => productHead(loaderData, match.context),
  component: lazyRouteComponent(() => import('./views/ProductView')),
});
