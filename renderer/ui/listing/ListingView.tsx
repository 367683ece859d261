import { Link } from '@tanstack/react-router';
import type { ProductList, ProductSort } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { HydrationBoundary } from '../frames';
import { ProductCardView } from '../ProductCardView';
import { Filters } from './Filters';
import { useListingNavigate } from './use-listing-navigate';
import { listingSearchParams, PAGE_SIZE, PRODUCT_SORTS, type ListingSearch } from './listing-search';

interface Props {
  list: ProductList;
  search: ListingSearch;
  /** Hidden fields a filter or sort form keeps (e.g. the search words). */
  keep?: Record<string, string>;
  /** Shown when the listing itself (before filters) is empty. */
  emptyText: string;
}

function SortSelect({ search, keep }: Pick<Props, 'search' | 'keep'>) {
  const { t } = useTranslation();
  const go = useListingNavigate();
  // Not useId: a collection's view may be written from HTML rendered alone (CachedFrame), where
  // React would number its ids differently; one listing per page.
  const id = 'listing-sort';
  return (
    <form method="get" className="listing__sort" onSubmit={(e) => e.preventDefault()}>
      {Object.entries({ ...keep, ...listingSearchParams({ ...search, sort: undefined, page: undefined }) }).map(
        ([key, value]) => value !== undefined && <input key={key} type="hidden" name={key} value={String(value)} />,
      )}
      <label htmlFor={id}>{t('listing.sortBy')}</label>
      <select
        id={id}
        name="sort"
        value={search.sort ?? 'default'}
        onChange={(e) => go({ ...search, sort: e.target.value as ProductSort, page: undefined })}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`listing.sorts.${sort}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button className="button button--secondary" type="submit">
          {t('layout.apply')}
        </button>
      </noscript>
    </form>
  );
}

/** Reads the filter form into a listing state. */
function Pagination({ total, search }: { total: number; search: ListingSearch }) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return null;
  const current = Math.min(search.page ?? 1, pages);
  const near = [...new Set([1, current - 1, current, current + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const to = (page: number) => listingSearchParams({ ...search, page: page === 1 ? undefined : page }) as never;
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <ul>
        {current > 1 && (
          <li>
            <Link to="." search={to(current - 1)} rel="prev">
              {t('listing.previous')}
            </Link>
          </li>
        )}
        {near.map((page, i) => (
          <li key={page}>
            {i > 0 && page - near[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            <Link
              to="."
              search={to(page)}
              aria-current={page === current ? 'page' : undefined}
              aria-label={t('listing.page', { page })}
            >
              {page}
            </Link>
          </li>
        ))}
        {current < pages && (
          <li>
            <Link to="." search={to(current + 1)} rel="next">
              {t('listing.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A product listing: count, sort, filters, the grid and its pages; shared by collections and search. */
export function ListingView({ list, search, keep, emptyText }: Props) {
  const { t } = useTranslation();
  const go = useListingNavigate();
  const baseCount = list.facets ? list.facets.availability.available + list.facets.availability.soldOut : list.total;
  if (baseCount === 0) return <p className="listing__empty">{emptyText}</p>;
  return (
    <div className="listing">
      {list.facets && (
        <HydrationBoundary>
          <Filters facets={list.facets} search={search} keep={keep} />
        </HydrationBoundary>
      )}
      <div className="listing__main">
        <div className="listing__toolbar">
          <p className="listing__count" role="status">
            {t('listing.count', { count: list.total })}
          </p>
          <SortSelect search={search} keep={keep} />
        </div>
        {list.items.length === 0 ? (
          <div className="listing__empty">
            <p>{t('listing.noMatch')}</p>
            <button type="button" className="button button--secondary" onClick={() => go({ q: search.q, sort: search.sort })}>
              {t('listing.clearAll')}
            </button>
          </div>
        ) : (
          <HydrationBoundary>
            <ul className="product-grid__items listing__grid">
              {list.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCardView product={product} eager={index < 4} headingLevel={2} />
                </li>
              ))}
            </ul>
          </HydrationBoundary>
        )}
        <Pagination total={list.total} search={search} />
      </div>
    </div>
  );
}
