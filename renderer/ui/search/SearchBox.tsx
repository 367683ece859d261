import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../icons';
import type { ComboboxKeys, ComboboxState } from './combobox';

// The suggestions' code (fetching, the listbox, its keys) is loaded when the box is first focused:
// every page has the box, few visitors type in it.
const PredictiveSearch = lazy(() => import('./PredictiveSearch'));

/**
 * The search box: a plain GET form to /search (it works before any code has loaded), and an ARIA
 * combobox whose suggestions (products and collections) appear under it as the shopper types.
 */
export function SearchBox({ id, className = 'search-form', autoFocus }: { id: string; className?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<ComboboxKeys | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [query, setQuery] = useState('');
  const [popup, setPopup] = useState<ComboboxState>({ open: false });
  return (
    <form className={`${className} search-box`} role="search" action="/search" method="get" aria-label={t('search.label')}>
      <label className="visually-hidden" htmlFor={id}>
        {t('search.label')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={popup.open}
        aria-controls={popup.open ? listId : undefined}
        aria-activedescendant={popup.open ? popup.activeId : undefined}
        onFocus={() => setEnhanced(true)}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (keys.current?.(event)) event.preventDefault();
        }}
      />
      <button type="submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
      {enhanced && (
        <Suspense fallback={null}>
          <PredictiveSearch listId={listId} input={input} query={query} keys={keys} onPopup={setPopup} />
        </Suspense>
      )}
    </form>
  );
}
