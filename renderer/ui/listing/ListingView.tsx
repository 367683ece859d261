import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { Facets, ProductList, ProductSort } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../state/device';
import { useSite } from '../../state/site-context';
import { HydrationBoundary } from '../frames';
import { CloseIcon } from '../icons';
import { ProductCardView } from '../ProductCardView';
import { hasFilters, listingSearchParams, PAGE_SIZE, PRODUCT_SORTS, type ListingSearch } from './listing-search';

interface Props {
  list: ProductList;
  search: ListingSearch;
  /** Hidden fields a filter or sort form keeps (e.g. the search words). */
  keep?: Record<string, string>;
  /** Shown when the listing itself (before filters) is empty. */
  emptyText: string;
}

function useGo() {
  const navigate = useNavigate();
  // Navigation is fire and forget: the router shows the page it lands on, or its error.
  return (search: ListingSearch) => {
    void navigate({ to: '.', search: listingSearchParams(search) as never, resetScroll: false });
  };
}

function SortSelect({ search, keep }: Pick<Props, 'search' | 'keep'>) {
  const { t } = useTranslation();
  const go = useGo();
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
function readFilters(form: HTMLFormElement, search: ListingSearch): ListingSearch {
  const data = new FormData(form);
  const number = (name: string) => {
    const value = String(data.get(name) ?? '').trim();
    return value === '' || !Number.isFinite(Number(value)) ? undefined : Math.max(0, Number(value));
  };
  const options: Record<string, string[]> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-option]:checked')) {
    (options[input.name] ??= []).push(input.value);
  }
  return {
    q: search.q,
    sort: search.sort,
    priceMin: number('priceMin'),
    priceMax: number('priceMax'),
    available: data.get('available') === 'true' ? 'true' : undefined,
    ...(Object.keys(options).length ? { options } : {}),
  };
}

/**
 * Puts the form's fields in line with the listing shown: the fields are the browser's own (a filter
 * applies from what they hold), so "Clear all" or the back button would otherwise leave boxes ticked
 * that no longer filter. A price being typed is left alone.
 */
function showFilters(form: HTMLFormElement, search: ListingSearch) {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    input.checked =
      input.name === 'available' ? search.available === 'true' : Boolean(search.options?.[input.name]?.includes(input.value));
  }
  for (const name of ['priceMin', 'priceMax'] as const) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement && input !== document.activeElement) input.value = String(search[name] ?? '');
  }
}

/** How long a price may rest before it applies (typing "120" is not three filters). */
const PRICE_SETTLE_MS = 700;

/**
 * The filters. In the sidebar (`applyOnChange`) each change shows its products at once, as a shopper
 * expects of a page that stays in view; in the phone's drawer, which covers the grid, they apply
 * together with "Done".
 */
function FilterForm({
  facets,
  search,
  keep,
  applyOnChange = false,
  onDone,
}: {
  facets: Facets;
  search: ListingSearch;
  keep?: Record<string, string>;
  applyOnChange?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const go = useGo();
  const { site, currency } = useSite();
  const decimals = site.currencies.find((c) => c.code === currency)?.decimals ?? 2;
  const step = decimals ? (1 / 10 ** decimals).toFixed(decimals) : '1';
  // Not useId (SortSelect says why).
  const id = 'listing-filters';
  const form = useRef<HTMLFormElement>(null);
  const priceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef(search);
  const shownKey = JSON.stringify(listingSearchParams(search));
  useEffect(() => {
    // Only when the listing changed: the fields were drawn from the first (or ticked before hydration).
    if (form.current && JSON.stringify(listingSearchParams(shown.current)) !== shownKey) showFilters(form.current, search);
    shown.current = search;
  }, [search, shownKey]);
  useEffect(() => () => clearTimeout(priceTimer.current), []);
  const apply = () => {
    clearTimeout(priceTimer.current);
    if (form.current) go(readFilters(form.current, shown.current));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
    onDone?.();
  };
  const change = (event: FormEvent<HTMLFormElement>) => {
    if (!applyOnChange) return;
    const field = event.target as HTMLInputElement;
    if (field.type !== 'number') return apply();
    clearTimeout(priceTimer.current);
    priceTimer.current = setTimeout(apply, PRICE_SETTLE_MS);
  };
  // Enter in a price applies it now (the sidebar has no button to submit with).
  const enter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (applyOnChange && event.key === 'Enter' && (event.target as HTMLInputElement).type === 'number') {
      event.preventDefault();
      apply();
    }
  };
  const clear = () => {
    clearTimeout(priceTimer.current);
    go({ q: search.q, sort: search.sort });
    onDone?.();
  };
  return (
    <form ref={form} method="get" className="filters__form" onSubmit={submit} onChange={change} onKeyDown={enter}>
      {Object.entries({ ...keep, ...(search.sort ? { sort: search.sort } : {}) }).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <fieldset className="filters__group">
        <legend>{t('listing.price')}</legend>
        <div className="filters__price">
          <label className="field">
            <span className="field__label">{t('listing.priceFrom')}</span>
            <input
              id={`${id}-min`}
              type="number"
              name="priceMin"
              inputMode="decimal"
              min={0}
              step={step}
              defaultValue={search.priceMin}
              placeholder={facets.price.min ? money(facets.price.min, { zeroIsFree: false }) : undefined}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('listing.priceTo')}</span>
            <input
              id={`${id}-max`}
              type="number"
              name="priceMax"
              inputMode="decimal"
              min={0}
              step={step}
              defaultValue={search.priceMax}
              placeholder={facets.price.max ? money(facets.price.max, { zeroIsFree: false }) : undefined}
            />
          </label>
        </div>
      </fieldset>
      <fieldset className="filters__group">
        <legend>{t('listing.availability')}</legend>
        <label className="check">
          <input type="checkbox" name="available" value="true" defaultChecked={search.available === 'true'} />
          <span>
            {t('listing.inStockOnly')} <span className="check__count">({facets.availability.available})</span>
          </span>
        </label>
      </fieldset>
      {facets.options.map((option) => (
        <fieldset key={option.code} className="filters__group">
          <legend>{option.name}</legend>
          <ul className={`filters__values${option.values.some((v) => v.swatch) ? ' filters__values--swatches' : ''}`}>
            {option.values.map((value) => (
              <li key={value.code}>
                <label className="check">
                  <input
                    type="checkbox"
                    name={option.code}
                    value={value.code}
                    data-option
                    defaultChecked={search.options?.[option.code]?.includes(value.code)}
                  />
                  {value.swatch && <span className="check__swatch" style={{ background: value.swatch }} aria-hidden="true" />}
                  <span>
                    {value.label} <span className="check__count">({value.count})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="filters__actions">
        {applyOnChange ? (
          // Without JavaScript the form is sent as it is.
          <noscript>
            <button className="button" type="submit">
              {t('layout.apply')}
            </button>
          </noscript>
        ) : (
          <button className="button" type="submit">
            {t('listing.done')}
          </button>
        )}
        <button className="button button--secondary" type="button" onClick={clear} disabled={!hasFilters(search)}>
          {t('listing.clearAll')}
        </button>
      </div>
    </form>
  );
}

/**
 * Filters: a sidebar on wide screens, a modal drawer on phones (a behaviour CSS cannot give). The server
 * draws the same page for every device (a shared cache hands it to all): both, one shown by the window's
 * width, until the browser knows which it is.
 */
function Filters(props: FilterProps) {
  const isMobile = useIsMobile();
  if (isMobile === false) return <FilterSidebar {...props} />;
  if (isMobile === true) return <FilterDrawer {...props} />;
  return (
    <>
      <FilterSidebar {...props} className="filters--wide-only" />
      <div className="filters filters--drawer filters--narrow-only">
        <DrawerButton {...props} />
      </div>
    </>
  );
}

type FilterProps = { facets: Facets; search: ListingSearch; keep?: Record<string, string> };

function FilterSidebar({ className, ...props }: FilterProps & { className?: string }) {
  const { t } = useTranslation();
  return (
    <aside className={className ? `filters ${className}` : 'filters'} aria-label={t('listing.filters')}>
      <h2 className="filters__title">{t('listing.filters')}</h2>
      <FilterForm {...props} applyOnChange />
    </aside>
  );
}

function DrawerButton({ search, onOpen }: FilterProps & { onOpen?: () => void }) {
  const { t } = useTranslation();
  const active =
    (search.options ? Object.values(search.options).flat().length : 0) +
    (search.available ? 1 : 0) +
    (search.priceMin !== undefined || search.priceMax !== undefined ? 1 : 0);
  return (
    <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={onOpen}>
      {active ? t('listing.filtersCount', { count: active }) : t('listing.filters')}
    </button>
  );
}

function FilterDrawer(props: FilterProps) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDialogElement>(null);
  return (
    <div className="filters filters--drawer">
      <DrawerButton {...props} onOpen={() => drawer.current?.showModal()} />
      <dialog ref={drawer} className="drawer drawer--right" aria-label={t('listing.filters')}>
        <div className="drawer__head">
          <h2 className="drawer__title">{t('listing.filters')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('listing.closeFilters')}
            onClick={() => drawer.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <FilterForm {...props} onDone={() => drawer.current?.close()} />
      </dialog>
    </div>
  );
}

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
  const go = useGo();
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
