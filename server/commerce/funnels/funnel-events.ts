// The funnel's event bus: what happens in a funnel is recorded once, here, and handed to whoever listens
// in this process (the pixel integrations, later). Recorded: step views (`view`, with the visitor, for
// unique visitors), the spec's pixel events AddContactInfo and AddShipppingInfo (its spelling) when the
// funnel checkout saves them, UpsellYes and UpsellNo when an offer is answered, and `ineligible` when a
// shopper's payment could not take an offer in one action. Orders and revenue are not events: the step
// statistics count them from the orders themselves (paid, refunded), so they are exact to the cent.
import type { Db } from '../../db/connect';
import { funnelEvents } from '../../db/funnel-schema';

export const FUNNEL_EVENT_TYPES = ['view', 'AddContactInfo', 'AddShipppingInfo', 'UpsellYes', 'UpsellNo', 'ineligible'] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number];

export interface FunnelEvent {
  funnelId: number;
  stepId: string;
  variant?: string | null;
  visitorId: string;
  type: FunnelEventType;
  orderId?: number | null;
  amountBase?: number | null;
}

export function createFunnelEvents(db: Db, log: (message: string, error?: unknown) => void = () => {}) {
  const listeners = new Set<(event: FunnelEvent) => void>();
  function announce(event: FunnelEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log(`a funnel event listener failed on ${event.type}`, error);
      }
    }
  }
  return {
    async record(event: FunnelEvent): Promise<void> {
      await db.insert(funnelEvents).values({
        funnelId: event.funnelId,
        stepId: event.stepId,
        variant: event.variant ?? null,
        visitorId: event.visitorId,
        type: event.type,
        orderId: event.orderId ?? null,
        amountBase: event.amountBase ?? null,
      });
      announce(event);
    },
    /** Tells the listeners of an event a caller stored itself (in the statement that caused it). */
    announce,
    /** Calls `listener` with every event recorded by this process from now on. */
    listen(listener: (event: FunnelEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FunnelEvents = ReturnType<typeof createFunnelEvents>;
