// Email marketing, Klaviyo (code emailMarketing): Klaviyo's onsite script (klaviyo.js?company_id=<public
// API key>, with its sign-up forms), the `klaviyo` object that queues calls until it loads, and the
// events Klaviyo's flows (browse and cart abandonment) start from: Viewed Product, Added to Cart,
// Started Checkout.
import { addScript, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';
import { majorUnits, rememberCurrencies } from './money';
import type { EventItem } from '../tracking/shop-events';

const fresh = firstSight();
const push = (...call: unknown[]) => (vendorWindow().klaviyo as { push(call: unknown[]): void }).push(call);

const item = (line: EventItem, currency: string) => ({
  ProductID: String(line.productId),
  ProductName: line.title,
  Quantity: line.quantity,
  ItemPrice: majorUnits(line.price, currency),
});

const emailMarketing: Integration<ConfigOf<'emailMarketing'>> = {
  code: 'emailMarketing',
  origins: () => ({
    script: ['https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
    connect: ['https://a.klaviyo.com', 'https://static-forms.klaviyo.com', 'https://static-tracking.klaviyo.com'],
    img: ['https://static.klaviyo.com', 'https://d3k81ch9hvuctc.cloudfront.net'],
  }),
  load(config, env) {
    rememberCurrencies(env);
    const w = vendorWindow();
    // Klaviyo's object snippet: calls wait in _klOnsite until klaviyo.js takes over the object.
    w._klOnsite = w._klOnsite || [];
    if (!w.klaviyo) w.klaviyo = { push: (...calls: unknown[]) => (w._klOnsite as unknown[]).push(...calls) };
    addScript(
      'emailMarketing',
      `https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=${encodeURIComponent(config.accountId)}`,
    );
  },
  onEvent(event) {
    if (!vendorWindow().klaviyo || !fresh(event)) return;
    if (event.name === 'ViewContent' && event.items[0]) {
      const first = event.items[0];
      push('track', 'Viewed Product', {
        ...item(first, event.currency),
        Price: majorUnits(first.price, event.currency),
        $value: majorUnits(event.value, event.currency),
      });
    } else if (event.name === 'AddToCart' && event.items[0]) {
      const added = event.items[0];
      push('track', 'Added to Cart', {
        $value: majorUnits(event.value, event.currency),
        AddedItemProductID: String(added.productId),
        AddedItemProductName: added.title,
        AddedItemPrice: majorUnits(added.price, event.currency),
        AddedItemQuantity: added.quantity,
        Items: event.items.map((line) => item(line, event.currency)),
      });
    } else if (event.name === 'InitiateCheckout') {
      push('track', 'Started Checkout', {
        $value: majorUnits(event.value, event.currency),
        ItemNames: event.items.map((line) => line.title),
        Items: event.items.map((line) => item(line, event.currency)),
      });
    }
  },
};

export default emailMarketing;
