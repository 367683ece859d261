import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { listingQuery, listingUrlSearch, parseListingSearch } from '../ui/listing/listing-search';
import { composed } from '../render-cache';
import { ALL_PRODUCTS } from './collection-data';
import { guardLoader } from './guard-loader';
import { orNotFound, requireHandles } from './not-found-on-404';
import { rootRoute } from './root';
import { canonicalLinks } from './seo';

export const collectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/collections/$handle',
  // The same page for every visitor of a locale, currency and device: cached and shared; its view is
  // rendered once per loader data, device and address (server/ssr/cached-html.tsx).
  staticData: { cache: 'public', cacheView: true },
  validateSearch: listingUrlSearch,
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: ({ context, params, deps }) => {
    requireHandles(params.handle);
    return guardLoader(context, async () => {
      const [collection, list] = await Promise.all([
        orNotFound(context.api.collection(params.handle)),
        orNotFound(
          context.api.products.list({ categoryHandles: params.handle, ...listingQuery(deps, context.currencyDecimals) }),
        ),
      ]);
      // On the server, the same object while its parts are (cached a while there): serialized once, and
      // its view's HTML cached by it (serialize-once.ts, server/ssr/cached-html.tsx).
      return composed(context, [collection, list, context.translations.current().locale], () => ({ collection, list }));
    });
  },
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
      links: canonicalLinks(match.context, `/collections/${params.handle}`, page ? { page } : {}),
    };
  },
  component: lazyRouteComponent(() => import('./views/CollectionView')),
});
