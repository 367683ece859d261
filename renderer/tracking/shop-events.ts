// The one event layer every pixel and analytics tag subscribes to (spec section 7: pixel custom events).
// Components record what the shopper did with `trackShopEvent`; nothing here knows a vendor. Until the
// integrations load (after consent, never in the first-load JavaScript), events wait in a small queue on
// `window`; the integrations replay it once loaded and then receive each new event as it happens.
// An event the shopper never consented to be tracked for is simply never read: the queue stays in memory.

export interface EventItem {
  productId: number;
  variantId?: number;
  title: string;
  /** Minor units of the currency. */
  price: number;
  quantity: number;
}

interface Priced {
  currency: string;
  /** Minor units of the currency. */
  value: number;
  items: EventItem[];
}

export type ShopEvent =
  | { name: 'PageView'; path: string; title: string }
  | ({ name: 'ViewContent' } & Priced)
  | { name: 'ViewCategory'; collection: string; title: string }
  | ({ name: 'AddToCart' } & Priced)
  | ({ name: 'ViewCart' } & Priced)
  | ({ name: 'InitiateCheckout' } & Priced)
  | ({ name: 'AddContactInfo' } & Priced)
  // The spec's spelling, kept: merchants' pixel rules match it.
  | ({ name: 'AddShipppingInfo' } & Priced)
  | ({ name: 'AddPaymentInfo'; method: string } & Priced)
  | ({
      name: 'Purchase';
      /** Made by the server per purchase; the server's own event carries the same id (deduplication). */
      eventId: string;
      orderId: string;
    } & Priced)
  | ({ name: 'UpsellYes' | 'UpsellNo'; /** The offer's token. */ offerId: string } & Priced)
  | {
      name: 'FunnelStep';
      /** The funnel's handle. */ funnel: string;
      /** The step's page id and type. */ step: string;
      stepType: string;
    };

export type ShopEventName = ShopEvent['name'];

interface EventQueue {
  events: ShopEvent[];
  listeners: Set<(event: ShopEvent) => void>;
}

declare global {
  interface Window {
    __vitrineEvents?: EventQueue;
  }
}

/** At most this many events wait for integrations that may never load (a shopper who refused them). */
const QUEUE_LIMIT = 100;

function queue(): EventQueue | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window.__vitrineEvents ??= { events: [], listeners: new Set() });
}

/** Records what the shopper did; a no-op on the server. */
export function trackShopEvent(event: ShopEvent): void {
  const q = queue();
  if (!q) return;
  if (q.events.length < QUEUE_LIMIT) q.events.push(event);
  for (const listener of q.listeners) listener(event);
}

/** Receives the events recorded so far, then each new one. Returns the unsubscribe. */
export function subscribeShopEvents(listener: (event: ShopEvent) => void): () => void {
  const q = queue();
  if (!q) return () => {};
  for (const event of q.events) listener(event);
  q.listeners.add(listener);
  return () => q.listeners.delete(listener);
}
