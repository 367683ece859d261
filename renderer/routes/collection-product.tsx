import { createRoute } from '@tanstack/react-router';
import { guardLoader } from './guard-loader';
import { orNotFound } from './not-found-on-404';
import { loadProductPage, ProductPage, productHead, productSearch } from './product-page';
import { rootRoute } from './root';
import { useT } from '../i18n/use-t';
import { ALL_PRODUCTS } from './collection';

/** A product reached from a collection: the same page, with the way back to the collection. */
export const collectionProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections/$collection/products/$handle',
  validateSearch: productSearch,
  loader: ({ context, params }) =>
    guardLoader(context, async () => {
      const [page, collection] = await Promise.all([
        loadProductPage(context, params.handle),
        orNotFound(context.api.collection(params.collection)),
      ]);
      return { ...page, collection };
    }),
  head: ({ loaderData, match }) => productHead(loaderData, match.context),
  component: function CollectionProductRoute() {
    const { t } = useT();
    const { collection, ...data } = collectionProductRoute.useLoaderData();
    const { variant } = collectionProductRoute.useSearch();
    const title = collection.handle === ALL_PRODUCTS ? t('collection.allTitle') : collection.title;
    return (
      <ProductPage key={data.product.handle} data={data} variant={variant} collection={{ handle: collection.handle, title }} />
    );
  },
});
