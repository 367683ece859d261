// The Meta pixel, shared by the pixel list (code pixel) and the pixel behind the merchant's own host
// (code independentPixel): Meta's base code (fbq), `fbq('init', id)` per pixel, and the shop's events as
// Meta's standard events, or custom ones (trackCustom) for the spec's own names.
//
// Each event goes to the integration's own pixels by `trackSingle`/`trackSingleCustom` (Meta's calls for
// several pixels on one page): both integrations share the one `fbq`, and a plain `track` would send every
// event to every pixel on the page once per integration. The purchase carries the server's event id as
// `eventID`, the id the server's Conversions API event carries too: Meta keeps one of the two.
import type { ShopEvent } from '../tracking/shop-events';
import { addScript, firstLoad, vendorWindow } from './dom';
import type { IntegrationEnv } from './integration';
import { majorUnits, rememberCurrencies } from './money';
import type { IntegrationCode } from '../consent/app-categories';

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void };

/** Meta's base code (the `!function(f,b,e,v,n,t,s)` snippet), with the library from `src`. */
function baseCode(code: IntegrationCode, src: string): Fbq {
  const w = vendorWindow();
  if (!w.fbq) {
    const n: Fbq & { push?: Fbq; loaded?: boolean; version?: string } = function (...args: unknown[]) {
      if (n.callMethod) n.callMethod(...args);
      else n.queue!.push(args);
    };
    if (!w._fbq) w._fbq = n;
    n.push = n;
    n.loaded = true;
    n.version = '2.0';
    n.queue = [];
    w.fbq = n;
  }
  addScript(code, src);
  return w.fbq as Fbq;
}

export function loadMetaPixels(code: IntegrationCode, ids: readonly string[], src: string, env: IntegrationEnv): void {
  rememberCurrencies(env);
  const fbq = baseCode(code, src);
  // Meta's consent call: a pixel loaded without advertising consent holds its events (the loader should not load it).
  if (firstLoad(code, 'consent')) fbq('consent', env.consent.advertising ? 'grant' : 'revoke');
  for (const id of ids) if (firstLoad(code, id)) fbq('init', id);
}

const STANDARD = new Set(['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'AddPaymentInfo', 'Purchase']);

/** Meta's parameters of a shop event (content_ids, contents, value in major units, currency). */
export function metaParameters(event: ShopEvent): Record<string, unknown> {
  switch (event.name) {
    case 'PageView':
      return {};
    case 'ViewCategory':
      return { content_category: event.title, collection: event.collection };
    case 'FunnelStep':
      return { funnel_id: event.funnel, step: event.step, step_type: event.stepType };
    default: {
      const params: Record<string, unknown> = {
        content_ids: event.items.map((item) => String(item.productId)),
        content_type: 'product',
        contents: event.items.map((item) => ({
          id: String(item.productId),
          quantity: item.quantity,
          item_price: majorUnits(item.price, event.currency),
        })),
        currency: event.currency,
        value: majorUnits(event.value, event.currency),
        num_items: event.items.reduce((sum, item) => sum + item.quantity, 0),
      };
      if (event.name === 'AddPaymentInfo') params.payment_method = event.method;
      if (event.name === 'Purchase') params.order_id = event.orderId;
      if (event.name === 'UpsellYes' || event.name === 'UpsellNo') params.offer_id = event.offerId;
      return params;
    }
  }
}

export function sendMetaEvent(ids: readonly string[], event: ShopEvent): void {
  // A funnel's steps are the merchant's page views already: not sent as events of their own.
  if (event.name === 'FunnelStep') return;
  const fbq = vendorWindow().fbq as Fbq | undefined;
  if (!fbq) return;
  const standard = STANDARD.has(event.name);
  const params = metaParameters(event);
  for (const id of ids) {
    if (event.name === 'Purchase') fbq('trackSingle', id, 'Purchase', params, { eventID: event.eventId });
    else if (standard) fbq('trackSingle', id, event.name, params);
    else fbq('trackSingleCustom', id, event.name, params);
  }
}

/** Meta's documented origins of the pixel (script from connect.facebook.net, hits to www.facebook.com/tr). */
export const META_ORIGINS = {
  script: ['https://connect.facebook.net'],
  connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
  img: ['https://www.facebook.com'],
};
