// The funnel step a page is drawn for (set by the funnel route): the blocks of a funnel page read which
// funnel and step they are on, the offer shown to this buyer and, on the thank-you step, the orders.
import { createContext, useContext } from 'react';
import type { FunnelOffer, FunnelStepView, Order } from '../../schemas/generated/api';
import type { FunnelStep } from '../../schemas/generated/funnel';

export interface FunnelStepInfo {
  handle: string;
  pageId: string;
  type: FunnelStep['type'];
  offer?: FunnelOffer;
  order?: Order;
  /** The visitor's deadlines of the page's evergreen countdowns, by block id (ISO). */
  evergreen?: Record<string, string>;
}

export const FunnelStepContext = createContext<FunnelStepInfo | null>(null);

/** The funnel step of the page, or null on a shop page (or a funnel page previewed alone). */
export const useFunnelStep = (): FunnelStepInfo | null => useContext(FunnelStepContext);

/** What a funnel step's blocks are told of it, from the step's view. */
export function funnelStepInfo(data: FunnelStepView): FunnelStepInfo {
  return {
    handle: data.funnel.handle,
    pageId: data.step.id,
    type: data.step.type,
    ...(data.offer ? { offer: data.offer } : {}),
    ...(data.order ? { order: data.order } : {}),
    ...(data.evergreen ? { evergreen: data.evergreen } : {}),
  };
}
