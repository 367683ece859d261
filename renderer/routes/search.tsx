import { createRoute } from '@tanstack/react-router';
import type { ProductList } from '../../schemas/generated/api';
import { useT } from '../i18n/use-t';
import { listingQuery, listingUrlSearch, parseListingSearch } from '../ui/listing/listing-search';
import { ListingView } from '../ui/listing/ListingView';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** Spec: search results (keyword search over titles, descriptions and tags, in every language). */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
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
  component: SearchPage,
});

function SearchPage() {
  const { t } = useT();
  const { list } = searchRoute.useLoaderData();
  const search = parseListingSearch(searchRoute.useSearch());
  const q = search.q?.trim() ?? '';
  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title">{q ? t('search.titleFor', { q }) : t('search.title')}</h1>
      <form className="search-form search-form--page" role="search" method="get" action="/search" aria-label={t('search.refine')}>
        <label className="visually-hidden" htmlFor="search-page-q">
          {t('search.label')}
        </label>
        <input id="search-page-q" type="search" name="q" defaultValue={q} placeholder={t('search.placeholder')} maxLength={200} />
        <button className="button" type="submit">
          {t('search.submit')}
        </button>
      </form>
      {list && <ListingView list={list} search={search} keep={{ q }} emptyText={t('search.noResults', { q })} />}
    </section>
  );
}
