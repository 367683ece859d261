// The order bumps a shopper ticked on a funnel's checkout page: the order-bump blocks write here, the
// funnel-checkout block reads it and adds their lines to the checkout (one of each). A tiny external
// store: the two blocks are separate parts of the page.
import { useSyncExternalStore } from 'react';

let chosen: readonly number[] = [];
const listeners = new Set<() => void>();

export function setBump(skuId: number, on: boolean) {
  const next = on ? [...new Set([...chosen, skuId])] : chosen.filter((id) => id !== skuId);
  if (next.length === chosen.length && next.every((id, i) => id === chosen[i])) return;
  chosen = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: readonly number[] = [];

/** The SKUs ticked (the server's render: none). */
export const useBumps = (): readonly number[] =>
  useSyncExternalStore(
    subscribe,
    () => chosen,
    () => none,
  );
