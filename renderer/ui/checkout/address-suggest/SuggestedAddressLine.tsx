import { rootRouteId, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MapsAddress, Site } from '../../../../schemas/generated/api';
import type { ComboboxKeys, ComboboxState } from '../../search/combobox';

// Nothing of the suggestions is in the checkout's first-load JavaScript: the first focus of the field loads
// the check of whether maps are allowed (maps-allowed.ts: the consent cookie, the site, the apps), and only
// when they are, the suggestions' code (its calls, the listbox, its keys).
const AddressSuggestions = lazy(() => import('./AddressSuggestions'));

/** What the address line's input carries while suggestions are on (WAI-ARIA combobox). */
export type ComboboxProps = Partial<{
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string;
}>;

/**
 * Address line 1 with address suggestions (issue 27): `field` draws the checkout's own field with the
 * combobox attributes given. Without maps (app off, no consent) the field is exactly what it was.
 */
export function SuggestedAddressLine({
  inputId,
  country,
  field,
  onPick,
}: {
  inputId: string;
  /** The form's country: only its addresses are suggested. */
  country: string;
  field: (combo: ComboboxProps) => ReactNode;
  onPick: (address: MapsAddress) => void;
}) {
  const router = useRouter();
  const listId = useId();
  const keys = useRef<ComboboxKeys | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [typed, setTyped] = useState('');
  const [popup, setPopup] = useState<ComboboxState>({ open: false });

  const checking = useRef(false);
  function focused(target: EventTarget) {
    if (enhanced || checking.current || (target as HTMLElement).id !== inputId) return;
    checking.current = true;
    // The layout's data (root route): the site and whether the maps app is on, loaded once per visit.
    const root = router.state.matches.find((match) => match.routeId === rootRouteId)?.loaderData as
      | { site?: Site; maps?: boolean }
      | undefined;
    // Asked again on a later focus when not allowed now (the shopper may consent meanwhile).
    import('./maps-allowed')
      .then(({ mapsAllowedHere }) => mapsAllowedHere({ site: root?.site, mapsApp: root?.maps }) && setEnhanced(true))
      .catch(() => {})
      .finally(() => (checking.current = false));
  }

  const combo: ComboboxProps = enhanced
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': popup.open,
        ...(popup.open && { 'aria-controls': listId }),
        ...(popup.open && popup.activeId && { 'aria-activedescendant': popup.activeId }),
      }
    : {};
  // Focus, typing and keys reach this wrapper from the field's input (React events bubble); the input
  // keeps its own handlers (the form's change and blur).
  return (
    <div
      className="address-suggest"
      onFocus={(event) => focused(event.target)}
      onInput={(event) =>
        enhanced && (event.target as HTMLElement).id === inputId && setTyped((event.target as HTMLInputElement).value)
      }
      onKeyDown={(event) => {
        if ((event.target as HTMLElement).id === inputId && keys.current?.(event as unknown as KeyboardEvent<HTMLInputElement>))
          event.preventDefault();
      }}
    >
      {field(combo)}
      {enhanced && (
        <Suspense fallback={null}>
          <AddressSuggestions
            listId={listId}
            inputId={inputId}
            query={typed}
            country={country}
            keys={keys}
            onPopup={setPopup}
            onPick={onPick}
          />
        </Suspense>
      )}
    </div>
  );
}
