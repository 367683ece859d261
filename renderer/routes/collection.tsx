import { createRoute } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import { listingQuery, listingUrlSearch, parseListingSearch } from '../ui/listing/listing-search';
import { ListingView } from '../ui/listing/ListingView';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { guardLoader } from './guard-loader';
import { orNotFound } from './not-found-on-404';
import { rootRoute } from './root';
import { canonicalLinks } from './seo';

/** `all` is every product on sale (spec: "all products"), titled in the visitor's language. */
export const ALL_PRODUCTS = 'all';

export const collectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections/$handle',
  validateSearch: listingUrlSearch,
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: ({ context, params, deps }) =>
    guardLoader(context, async () => {
      const [collection, list] = await Promise.all([
        orNotFound(context.api.collection(params.handle)),
        orNotFound(
          context.api.products.list({ categoryHandles: params.handle, ...listingQuery(deps, context.currencyDecimals) }),
        ),
      ]);
      return { collection, list };
    }),
  head: ({ loaderData, match, params }) => {
    if (!loaderData) return {};
    const { t } = match.context.translations.current();
    const title = params.handle === ALL_PRODUCTS ? t('collection.allTitle') : loaderData.collection.title;
    const page = parseListingSearch(match.search).page;
    return {
      meta: [
        { title: page ? t('listing.titleWithPage', { title, page }) : title },
        { name: 'description', content: loaderData.collection.description || t('collection.description', { title }) },
        { property: 'og:title', content: title },
        { property: 'og:type', content: 'website' },
      ],
      links: canonicalLinks(match.context.origin, `/collections/${params.handle}`, page ? { page } : {}),
    };
  },
  component: CollectionPage,
});

function CollectionPage() {
  const { t } = useT();
  const { collection, list } = collectionRoute.useLoaderData();
  const search = parseListingSearch(collectionRoute.useSearch());
  const title = collection.handle === ALL_PRODUCTS ? t('collection.allTitle') : collection.title;
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
