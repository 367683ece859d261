import { createRoute } from '@tanstack/react-router';
import { guardLoader } from './guard-loader';
import { loadProductPage, ProductPage, productHead, productSearch } from './product-page';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$handle',
  validateSearch: productSearch,
  loader: ({ context, params }) => guardLoader(context, () => loadProductPage(context, params.handle)),
  head: ({ loaderData, match }) => productHead(loaderData, match.context),
  component: function ProductRoute() {
    const data = productRoute.useLoaderData();
    const { variant } = productRoute.useSearch();
    return <ProductPage key={data.product.handle} data={data} variant={variant} />;
  },
});
