// The small-cart popup's one piece of state, outside React's tree: the product page's buttons ask for
// it and the layout's host shows it. A store of its own (not the shop state) so that opening it does
// not re-render the layout, and so the page's first-load JavaScript carries only these few lines; the
// popup itself loads on first use. Only ever set by a click in the browser: on the server it stays null.

export interface AddedItem {
  skuId: number;
  quantity: number;
}

/** Words drawn with the current translator (the page's full messages may arrive after the click). */
export type Announcement = (t: (key: string, options?: Record<string, string | number>) => string) => string;

export interface CartPopupRequest {
  /** Changes with every opening, so a second add shows the popup anew. */
  id: number;
  items: AddedItem[];
  /** What a screen reader is told (the popup is the one confirmation of an add: no toast beside it). */
  announce: Announcement;
  /** Where focus goes back to when the popup closes (the add button). */
  opener: HTMLElement | null;
}

let current: CartPopupRequest | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function showCartPopup(items: AddedItem[], announce: Announcement, opener: Element | null): void {
  current = {
    id: nextId++,
    items,
    announce,
    opener: typeof HTMLElement !== 'undefined' && opener instanceof HTMLElement ? opener : null,
  };
  notify();
}

export function closeCartPopup(): void {
  if (!current) return;
  current = null;
  notify();
}

export const cartPopupRequest = (): CartPopupRequest | null => current;

export function subscribeCartPopup(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
