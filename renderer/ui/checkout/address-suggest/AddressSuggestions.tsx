import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapsAddress, MapsSuggestion } from '../../../../schemas/generated/api';
import { ApiError } from '../../../api/api-error';
import { useApi } from '../../../state/api-context';
import { listboxKey, type ComboboxKeys, type ComboboxState } from '../../search/combobox';
import './address-suggest.css';

/** Asked once typing pauses this long: a lookup per word, not per key (each lookup counts, quota.ts). */
export const DEBOUNCE_MS = 300;
/** Fewer characters than this say too little to find a street (the API refuses them too). */
export const MIN_QUERY = 3;
/** The maps calls' own codes: maps off (50035), the day's lookups used up (50036): no more asking. */
const STOP_CODES = new Set([50035, 50036]);

/** A session token of Google's kind: one for the searches of one address and its detail. */
const newSession = () => crypto.randomUUID();

/**
 * Address suggestions under address line 1 (ARIA combobox with a listbox): arrow keys move the active
 * option (focus stays in the field), Enter fills the address, Escape closes the list; a status line tells
 * screen readers how many there are and what was filled. Loaded lazily by SuggestedAddressLine.
 */
export default function AddressSuggestions({
  listId,
  inputId,
  query,
  country,
  keys,
  onPopup,
  onPick,
}: {
  listId: string;
  inputId: string;
  /** What the shopper typed (not what was filled or restored). */
  query: string;
  country: string;
  keys: RefObject<ComboboxKeys | null>;
  onPopup: (state: ComboboxState) => void;
  onPick: (address: MapsAddress) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const ids = useId();
  const session = useRef(newSession());
  const asked = useRef(0);
  const [stopped, setStopped] = useState(false);
  const [google, setGoogle] = useState(false);
  const [found, setFound] = useState<MapsSuggestion[] | null>(null);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [filled, setFilled] = useState('');
  const q = query.trim();

  const stopOn = (error: unknown) => {
    if (error instanceof ApiError && STOP_CODES.has(error.code)) setStopped(true);
  };

  // Whether any lookup is left today, and which service answers (Google's needs its attribution).
  useEffect(() => {
    let live = true;
    api.request('get /googleMaps/getCallTimes').then(
      (times) => {
        if (!live) return;
        setGoogle(times.provider === 'google-places');
        if (times.remaining <= 0) setStopped(true);
      },
      (error: unknown) => live && stopOn(error),
    );
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    setDismissed(false);
    setActive(-1);
    if (stopped || q.length < MIN_QUERY) {
      setFound(null);
      return;
    }
    const call = ++asked.current;
    const timer = setTimeout(() => {
      api
        .request('get /googleMaps/addressSearch', {
          query: { input: q, sessionToken: session.current, ...(/^[A-Z]{2}$/.test(country) && { country }) },
        })
        .then(
          // Answers can arrive out of order: only the last question's counts.
          (suggestions) => call === asked.current && setFound(suggestions),
          (error: unknown) => {
            if (call !== asked.current) return;
            setFound(null);
            stopOn(error);
          },
        );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, country, api, stopped]);

  const options = found ?? [];
  const open = options.length > 0 && !dismissed && !stopped;
  const activeId = open && active >= 0 ? `${ids}-${active}` : undefined;

  useEffect(() => onPopup({ open, activeId }), [open, activeId, onPopup]);
  useEffect(() => () => onPopup({ open: false }), [onPopup]);

  useEffect(() => {
    const box = document.getElementById(inputId);
    if (!box) return;
    // Leaving the field closes the list (a press on an option keeps focus: see onMouseDown below).
    const close = () => setDismissed(true);
    box.addEventListener('blur', close);
    return () => box.removeEventListener('blur', close);
  }, [inputId]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function choose(suggestion: MapsSuggestion | undefined) {
    if (!suggestion) return;
    setDismissed(true);
    setActive(-1);
    const sessionToken = session.current;
    // The detail ends the session: the next address's searches are a new one.
    session.current = newSession();
    api.request('get /googleMaps/address/detail', { query: { placeId: suggestion.placeId, sessionToken } }).then((address) => {
      setFound(null);
      onPick(address);
      setFilled(t('addressSuggest.filled', { address: `${suggestion.mainText}, ${suggestion.secondaryText}` }));
    }, stopOn);
  }

  keys.current = (event) =>
    listboxKey(event.key, {
      count: stopped ? 0 : options.length,
      open,
      active,
      setActive,
      setDismissed,
      choose: (index) => choose(options[index]),
    });

  const status = open
    ? t('addressSuggest.results', { count: options.length })
    : found && !found.length && !dismissed
      ? t('addressSuggest.none')
      : filled;
  return (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {/* Pressing on the list must not take focus from the field (the combobox keeps it). */}
      <div className="address-suggest__popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
        <ul role="listbox" id={listId} aria-label={t('addressSuggest.listLabel')}>
          {options.map((suggestion, i) => (
            <li
              key={suggestion.placeId}
              id={`${ids}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`address-suggest__option${i === active ? ' address-suggest__option--active' : ''}`}
              onClick={() => choose(suggestion)}
            >
              <span className="address-suggest__main">{suggestion.mainText}</span>
              <span className="address-suggest__secondary">{suggestion.secondaryText}</span>
            </li>
          ))}
        </ul>
        {google ? <p className="address-suggest__attribution">{t('addressSuggest.attribution')}</p> : null}
      </div>
    </>
  );
}
