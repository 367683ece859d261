// What the vendor integrations' unit tests share (renderer/integrations/*.test.ts, under happy-dom): a
// blank page with none of the vendors' globals, the scripts an integration added, the shop's events of a
// shopper's way through the shop, and the vendors' queues read back as calls.
import type { IntegrationEnv } from '../../renderer/integrations/integration';
import type { ShopEvent } from '../../renderer/tracking/shop-events';

const VENDOR_GLOBALS = [
  'fbq',
  '_fbq',
  'gtag',
  'dataLayer',
  'ga',
  'GoogleAnalyticsObject',
  'ttq',
  'TiktokAnalyticsObject',
  'snaptr',
  'hj',
  '_hjSettings',
  'sc_project',
  'sc_invisible',
  'sc_security',
  '_statcounter',
  'klaviyo',
  '_klOnsite',
  'fbAsyncInit',
  'FB',
  '__vitrineIntegrations',
  '__vitrineGtagJs',
  'customJsRan',
];

/** A page as a shop page starts: one script of the shop's own, no vendor globals. */
export function blankPage(): void {
  // happy-dom loads no script file in tests (no network): a script's load is then told as a success, not an error.
  const happy = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM;
  if (happy) happy.settings.handleDisabledFileLoadingAsSuccess = true;
  document.head.innerHTML = '<script src="/assets/entry-client.js" type="module"></script>';
  document.body.innerHTML = '<main></main>';
  const w = window as unknown as Record<string, unknown>;
  for (const name of VENDOR_GLOBALS) delete w[name];
}

/** The addresses of the page's scripts that have one. */
export const scriptSources = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')!);

export const env: IntegrationEnv = {
  locale: 'de',
  currency: 'EUR',
  consent: { analytics: true, advertising: true, chosen: true },
  currencies: [
    { code: 'EUR', decimals: 2 },
    { code: 'JPY', decimals: 0 },
  ],
};

const items = [
  { productId: 11, variantId: 111, title: 'Linen shirt', price: 4990, quantity: 2 },
  { productId: 12, title: 'Canvas tote', price: 1250, quantity: 1 },
];
const priced = { currency: 'EUR', value: 11230, items };

/** One event of each kind, as the shop records them: new objects on each call (an integration sends each object once). */
export const shopEvents = (): { [K in ShopEvent['name']]: ShopEvent & { name: K } } => ({
  PageView: { name: 'PageView', path: '/collections/summer', title: 'Summer' },
  ViewContent: { name: 'ViewContent', ...priced, items: [items[0]!], value: 4990 },
  ViewCategory: { name: 'ViewCategory', collection: 'summer', title: 'Summer' },
  AddToCart: { name: 'AddToCart', ...priced },
  ViewCart: { name: 'ViewCart', ...priced },
  InitiateCheckout: { name: 'InitiateCheckout', ...priced },
  AddContactInfo: { name: 'AddContactInfo', ...priced },
  AddShipppingInfo: { name: 'AddShipppingInfo', ...priced },
  AddPaymentInfo: { name: 'AddPaymentInfo', method: 'card', ...priced },
  Purchase: { name: 'Purchase', eventId: 'evt-5b1c', orderId: 'ORD-1001', ...priced },
  UpsellYes: { name: 'UpsellYes', offerId: 'offer-7', ...priced },
  UpsellNo: { name: 'UpsellNo', offerId: 'offer-7', ...priced },
  FunnelStep: { name: 'FunnelStep', funnel: 'summer-linen', step: 'offer', stepType: 'upsell' },
});

/** The calls in a vendor's queue (arrays or Arguments objects), as arrays. */
export const calls = (queue: unknown): unknown[][] =>
  ((queue as ArrayLike<unknown>[] | undefined) ?? []).map((entry) => Array.from(entry));
