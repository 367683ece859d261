import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CachedFrame } from '../../ui/frames';
import { ProductPage } from '../../ui/product/ProductPage';
import { ALL_PRODUCTS } from '../collection-data';

const collectionProductRoute = getRouteApi('/collections/$collection/products/$handle');

export default function CollectionProductView() {
  const data = collectionProductRoute.useLoaderData();
  const { variant } = collectionProductRoute.useSearch();
  return (
    <CachedFrame cached={useRouter().options.context.renderCache?.view(data)}>
      <CollectionProductPage data={data} variant={variant} />
    </CachedFrame>
  );
}

/** A product's page reached from a collection. */
export function CollectionProductPage({
  data: { collection, ...data },
  variant,
}: {
  data: ReturnType<typeof collectionProductRoute.useLoaderData>;
  variant: number | undefined;
}) {
  const { t } = useTranslation();
  const title = collection.handle === ALL_PRODUCTS ? t('collection.allTitle') : collection.title;
  return (
    <ProductPage key={data.product.handle} data={data} variant={variant} collection={{ handle: collection.handle, title }} />
  );
}
