import { createRoute } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import { ProductCardView } from '../ui/ProductCardView';
import { orNotFound } from './not-found-on-404';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** Products shown on one collection page; paging comes with the catalog issue. */
export const COLLECTION_PAGE_SIZE = 48;

export const collectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections/$handle',
  loader: ({ context, params }) =>
    guardLoader(context, async () => {
      const [collection, products] = await Promise.all([
        orNotFound(context.api.collection(params.handle)),
        orNotFound(context.api.products.list({ categoryHandles: params.handle, limit: COLLECTION_PAGE_SIZE })),
      ]);
      return { collection, products };
    }),
  head: ({ loaderData }) =>
    loaderData
      ? { meta: [{ title: loaderData.collection.title }, { name: 'description', content: loaderData.collection.description }] }
      : {},
  component: CollectionPage,
});

function CollectionPage() {
  const { t } = useT();
  const { collection, products } = collectionRoute.useLoaderData();
  return (
    <section className="collection" aria-labelledby="collection-title">
      <header className="collection__header">
        <h1 id="collection-title">{collection.title}</h1>
        {collection.description && <p>{collection.description}</p>}
        <p className="collection__count">{t('collection.count', { count: products.total })}</p>
      </header>
      {products.items.length === 0 ? (
        <p className="collection__empty">{t('collection.empty')}</p>
      ) : (
        <ul className="product-grid__items">
          {products.items.map((product, index) => (
            <li key={product.id}>
              <ProductCardView product={product} eager={index < 4} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
