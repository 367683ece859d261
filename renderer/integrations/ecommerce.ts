// The shop's events in Google's GA4 ecommerce shape (gtag.js and the tag manager's dataLayer both take it):
// the recommended event names, items with item_id, item_name, price (major units) and quantity.
import type { EventItem, ShopEvent } from '../tracking/shop-events';
import { majorUnits } from './money';

type Priced = Extract<ShopEvent, { items: EventItem[] }>;

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
}

export interface Ga4Event {
  name: string;
  params: Record<string, unknown>;
}

const items = (event: Priced): Ga4Item[] =>
  event.items.map((item) => ({
    item_id: String(item.productId),
    item_name: item.title,
    ...(item.variantId !== undefined && { item_variant: String(item.variantId) }),
    price: majorUnits(item.price, event.currency),
    quantity: item.quantity,
  }));

const priced = (event: Priced) => ({
  currency: event.currency,
  value: majorUnits(event.value, event.currency),
  items: items(event),
});

/** GA4's names: the recommended ecommerce events, and the spec's custom events in snake case. */
const NAMES = {
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  ViewCart: 'view_cart',
  InitiateCheckout: 'begin_checkout',
  AddContactInfo: 'add_contact_info',
  AddShipppingInfo: 'add_shipping_info',
  AddPaymentInfo: 'add_payment_info',
  Purchase: 'purchase',
  UpsellYes: 'upsell_yes',
  UpsellNo: 'upsell_no',
} as const;

/** The GA4 event of a shop event; undefined for a page view (each tag has its own) or none. */
export function ga4Event(event: ShopEvent): Ga4Event | undefined {
  switch (event.name) {
    case 'PageView':
      return undefined;
    case 'ViewCategory':
      return { name: 'view_item_list', params: { item_list_id: event.collection, item_list_name: event.title } };
    case 'FunnelStep':
      return { name: 'funnel_step', params: { funnel_id: event.funnel, step: event.step, step_type: event.stepType } };
    case 'AddPaymentInfo':
      return { name: NAMES[event.name], params: { ...priced(event), payment_type: event.method } };
    case 'Purchase':
      return { name: NAMES[event.name], params: { ...priced(event), transaction_id: event.orderId } };
    case 'UpsellYes':
    case 'UpsellNo':
      return { name: NAMES[event.name], params: { ...priced(event), offer_id: event.offerId } };
    default:
      return { name: NAMES[event.name], params: priced(event) };
  }
}
