import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { parseListingSearch } from '../../ui/listing/listing-search';
import { ListingView } from '../../ui/listing/ListingView';

const searchRoute = getRouteApi('/search');

export default function SearchView() {
  const { t } = useTranslation();
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
