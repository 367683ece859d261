// The shop's commerce events (issue 27) built from what the pages already hold: lines of a cart, a
// checkout or an order (prices in minor units with their currency, as the server computed them).
import type { Money } from '../../schemas/generated/api';
import { trackShopEvent, type EventItem, type ShopEvent } from './shop-events';

interface Line {
  skuId: number;
  productId: number;
  title: string;
  quantity: number;
  unitPrice: Money;
}

export const eventItems = (lines: readonly Line[]): EventItem[] =>
  lines.map((line) => ({
    productId: line.productId,
    variantId: line.skuId,
    title: line.title,
    price: line.unitPrice.amount,
    quantity: line.quantity,
  }));

/** The value, currency and items of an event about `lines` worth `total`. */
export const priced = (lines: readonly Line[], total: Money) => ({
  currency: total.currencyCode,
  value: total.amount,
  items: eventItems(lines),
});

/** Events told once per key in this tab (a checkout's start, an order's purchase): a reload tells nothing again. */
export function trackOnce(key: string, event: ShopEvent): void {
  const storageKey = `vitrine:event:${key}`;
  try {
    if (sessionStorage.getItem(storageKey)) return;
    sessionStorage.setItem(storageKey, '1');
  } catch {
    // Storage refused (a private window): the event is told; a reload may tell it again.
  }
  trackShopEvent(event);
}

/** A funnel step's view, once per step shown. */
export function trackFunnelStep(step: { handle: string; pageId: string; type: string }): void {
  trackShopEvent({ name: 'FunnelStep', funnel: step.handle, step: step.pageId, stepType: step.type });
}
