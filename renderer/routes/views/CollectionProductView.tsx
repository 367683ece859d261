import { useT } from '../../i18n/use-t';
import { ProductPage } from '../../ui/product/ProductPage';
import { ALL_PRODUCTS } from '../collection';
import { collectionProductRoute } from '../collection-product';

export default function CollectionProductView() {
  const { t } = useT();
  const { collection, ...data } = collectionProductRoute.useLoaderData();
  const { variant } = collectionProductRoute.useSearch();
  const title = collection.handle === ALL_PRODUCTS ? t('collection.allTitle') : collection.title;
  return (
    <ProductPage key={data.product.handle} data={data} variant={variant} collection={{ handle: collection.handle, title }} />
  );
}
