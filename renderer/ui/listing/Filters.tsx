// A listing's filters (spec section 2: options, price, availability), applied as the shopper changes them
// beside the grid on wide screens, or with Done in a drawer on phones.
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Facets } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useIsMobile } from '../../state/device';
import { useSite } from '../../state/site-context';
import { CloseIcon } from '../icons';
import { hasFilters, listingSearchParams, type ListingSearch } from './listing-search';
import { useListingNavigate } from './use-listing-navigate';

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
  const go = useListingNavigate();
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
export function Filters(props: FilterProps) {
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
