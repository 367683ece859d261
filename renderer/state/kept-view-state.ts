// A view's own state kept with the history entry it was shown in (spec section 2: the collections, pages
// and products views are kept alive when navigating away): going back shows it as it was left (the
// reviews loaded with "show more", their sort), and the router puts the scroll back where it was. What
// an address can hold lives in the address (filters, sort, page, the chosen option); this holds the rest,
// in memory, per history entry (the key the router's scroll restoration uses), for the last few pages.
import { useRouterState } from '@tanstack/react-router';
import { defaultGetScrollRestorationKey } from '@tanstack/router-core';
import { useCallback, useState, type SetStateAction } from 'react';

const KEPT_ENTRIES = 50;
const kept = new Map<string, unknown>();

function keep(id: string, value: unknown) {
  kept.delete(id);
  kept.set(id, value);
  if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value!);
}

/** useState, whose value comes back when the shopper returns to this history entry. `name`: unique on the page. */
export function useKeptState<T>(name: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const entry = useRouterState({ select: (state) => defaultGetScrollRestorationKey(state.location) });
  const id = `${entry} ${name}`;
  const [value, setValue] = useState<T>(() => (kept.has(id) ? (kept.get(id) as T) : initial));
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((current) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        keep(id, value);
        return value;
      }),
    [id],
  );
  return [value, set];
}
