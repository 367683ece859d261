import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { trackShopEvent } from '../../tracking/shop-events';
import { CachedFrame } from '../../ui/frames';
import { parseListingSearch, type ListingSearch } from '../../ui/listing/listing-search';
import { ListingView } from '../../ui/listing/ListingView';
import { ResponsiveImage } from '../../ui/ResponsiveImage';
import { ALL_PRODUCTS } from '../collection-data';

const collectionRoute = getRouteApi('/collections/$handle');

export default function CollectionView() {
  const data = collectionRoute.useLoaderData();
  const search = parseListingSearch(collectionRoute.useSearch());
  return (
    <CachedFrame cached={useRouter().options.context.renderCache?.view(data)}>
      <CollectionPage data={data} search={search} />
    </CachedFrame>
  );
}

/** The collection's page, from its loader data and the listing's search. */
export function CollectionPage({
  data: { collection, list },
  search,
}: {
  data: ReturnType<typeof collectionRoute.useLoaderData>;
  search: ListingSearch;
}) {
  const { t } = useTranslation();
  const title = collection.handle === ALL_PRODUCTS ? t('collection.allTitle') : collection.title;
  // Once per collection shown (a filter or a page of the same collection is no new view).
  useEffect(() => trackShopEvent({ name: 'ViewCategory', collection: collection.handle, title }), [collection.handle]); // oxlint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="collection" aria-labelledby="collection-title">
      <header className={`collection__header${collection.image ? ' collection__header--image' : ''}`}>
        {collection.image && (
          <ResponsiveImage
            className="collection__image"
            src={collection.image.src}
            alt=""
            width={collection.image.width}
            height={collection.image.height}
            sizes="100vw"
            priority
          />
        )}
        <div className="collection__intro">
          <h1 id="collection-title">{title}</h1>
          {collection.description && <p>{collection.description}</p>}
        </div>
      </header>
      <ListingView list={list} search={search} emptyText={t('collection.empty')} />
    </section>
  );
}
