// The order bumps a shopper ticked on a funnel's checkout page: the order-bump blocks write here, the
// funnel-checkout block reads it and adds their lines to the checkout (one of each). A tiny external
// store: the two blocks are separate parts of the page. The funnel checkout's form also says here where
// its place for bumps is (above "Complete order"): a bump placed there is drawn into it.
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

let slot: HTMLElement | null = null;
const slotListeners = new Set<() => void>();

/** The funnel checkout form's place for bumps (a ref callback: null when it goes). */
export function setBumpSlot(element: HTMLElement | null) {
  if (slot === element) return;
  slot = element;
  for (const listener of slotListeners) listener();
}

const subscribeSlot = (listener: () => void) => {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
};

/** Where a bump placed in the form is drawn (none on the server and until the form is there). */
export const useBumpSlot = (): HTMLElement | null =>
  useSyncExternalStore(
    subscribeSlot,
    () => slot,
    () => null,
  );
