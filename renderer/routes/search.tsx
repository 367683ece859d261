import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ProductList } from '../../schemas/generated/api';
import { listingQuery, listingUrlSearch, parseListingSearch } from '../ui/listing/listing-search';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** Spec: search results (keyword search over titles, descriptions and tags, in every language). */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  // The same page for every visitor of a locale, currency and device: cached and shared.
  staticData: { cache: 'public' },
  validateSearch: listingUrlSearch,
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: ({ context, deps }) =>
    guardLoader(context, async (): Promise<{ list: ProductList | null }> => {
      const q = deps.q?.trim();
      if (!q) return { list: null };
      return { list: await context.api.products.search({ ...listingQuery(deps, context.currencyDecimals), q }) };
    }),
  head: ({ match }) => {
    const { t } = match.context.translations.current();
    const q = parseListingSearch(match.search).q?.trim();
    // Result pages are not worth indexing: they only repeat the catalog.
    return {
      meta: [{ title: q ? t('search.titleFor', { q }) : t('search.title') }, { name: 'robots', content: 'noindex, follow' }],
    };
  },
  component: lazyRouteComponent(() => import('./views/SearchView')),
});
