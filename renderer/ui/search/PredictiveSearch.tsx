import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { PredictiveSearch as Suggestions } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/api-context';
import { Money } from '../Money';
import { Thumbnail } from '../Thumbnail';
import { listboxKey, type ComboboxKeys, type ComboboxState } from './combobox';

/** Asked once typing pauses this long: a request per word, not per key. */
export const DEBOUNCE_MS = 200;
const PRODUCTS = 6;

interface Option {
  id: string;
  href: string;
}

/**
 * The search box's suggestions (ARIA combobox with a grouped listbox): products and collections for
 * the words typed, then "search for …". Arrow keys move the active option (focus stays in the box),
 * Enter opens it, Escape closes the list; a status line tells screen readers how many there are.
 */
export default function PredictiveSearch({
  listId,
  input,
  query,
  keys,
  onPopup,
}: {
  listId: string;
  input: RefObject<HTMLInputElement | null>;
  query: string;
  keys: RefObject<ComboboxKeys | null>;
  onPopup: (state: ComboboxState) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const ids = useId();
  const [found, setFound] = useState<{ q: string; suggestions: Suggestions } | null>(null);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const asked = useRef(0);
  const q = query.trim();

  useEffect(() => {
    setDismissed(false);
    setActive(-1);
    if (!q) {
      setFound(null);
      return;
    }
    const call = ++asked.current;
    const timer = setTimeout(() => {
      api.products.predictive(q, PRODUCTS).then(
        // Answers can arrive out of order: only the last question's counts.
        (suggestions) => call === asked.current && setFound({ q, suggestions }),
        () => call === asked.current && setFound(null),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, api]);

  const products = found?.suggestions.products ?? [];
  const collections = found?.suggestions.collections ?? [];
  const options: Option[] = found
    ? [
        ...products.map((p, i) => ({ id: `${ids}-p${i}`, href: `/products/${encodeURIComponent(p.handle)}` })),
        ...collections.map((c, i) => ({ id: `${ids}-c${i}`, href: `/collections/${encodeURIComponent(c.handle)}` })),
        { id: `${ids}-all`, href: `/search?q=${encodeURIComponent(found.q)}` },
      ]
    : [];
  const open = options.length > 0 && !dismissed;
  const activeId = open && active >= 0 ? options[active]?.id : undefined;

  useEffect(() => onPopup({ open, activeId }), [open, activeId, onPopup]);
  useEffect(() => () => onPopup({ open: false }), [onPopup]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    // Leaving the box closes the list (a click on an option keeps focus: see onMouseDown below).
    const close = () => setDismissed(true);
    box.addEventListener('blur', close);
    return () => box.removeEventListener('blur', close);
  }, [input]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function go(option: Option | undefined) {
    if (!option) return;
    setDismissed(true);
    void router.navigate({ href: option.href });
  }

  keys.current = (event) =>
    listboxKey(event.key, {
      count: options.length,
      open,
      active,
      setActive,
      setDismissed,
      choose: (index) => go(options[index]),
    });

  const optionProps = (index: number) => ({
    id: options[index]!.id,
    role: 'option' as const,
    'aria-selected': index === active,
    className: `predictive__option${index === active ? ' predictive__option--active' : ''}`,
    onClick: () => go(options[index]),
  });

  return (
    <>
      <p className="visually-hidden" role="status">
        {open ? t('search.suggestionCount', { count: products.length + collections.length }) : ''}
      </p>
      {/* Pressing on the list must not take focus from the box (the combobox keeps it). */}
      <div className="predictive" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
        <div role="listbox" id={listId} aria-label={t('search.suggestions')}>
          {products.length > 0 && (
            <ul role="group" aria-labelledby={`${ids}-products`}>
              <li role="presentation" id={`${ids}-products`} className="predictive__heading">
                {t('search.products')}
              </li>
              {products.map((product, i) => (
                <li key={product.handle} {...optionProps(i)}>
                  {product.image ? <Thumbnail image={product.image} /> : <span className="predictive__no-image" />}
                  <span className="predictive__title">{product.title}</span>
                  <Money className="predictive__price" value={product.price} />
                </li>
              ))}
            </ul>
          )}
          {collections.length > 0 && (
            <ul role="group" aria-labelledby={`${ids}-collections`}>
              <li role="presentation" id={`${ids}-collections`} className="predictive__heading">
                {t('search.collections')}
              </li>
              {collections.map((collection, i) => (
                <li key={collection.handle} {...optionProps(products.length + i)}>
                  <span className="predictive__title">{collection.title}</span>
                </li>
              ))}
            </ul>
          )}
          {found && (
            <div {...optionProps(options.length - 1)}>
              <span className="predictive__title">
                {products.length + collections.length
                  ? t('search.seeAll', { q: found.q })
                  : t('search.noSuggestions', { q: found.q })}
              </span>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
