// Snapchat pixel (code snapchat): Snap's base code (`snaptr` queue, scevent.min.js from sc-static.net),
// `snaptr('init', pixelId)`, and the shop's events as Snap's standard events: PAGE_VIEW, VIEW_CONTENT,
// ADD_CART, START_CHECKOUT, ADD_BILLING (payment info), PURCHASE with the server's event id as
// `client_dedup_id` (Snap's deduplication with the Conversions API), and LIST_VIEW for a collection.
// The spec's other custom events have no Snap equivalent and are not sent.
import { addScript, firstLoad, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';
import { majorUnits, rememberCurrencies } from './money';
import type { ShopEvent } from '../tracking/shop-events';

type Snaptr = ((...args: unknown[]) => void) & { queue?: unknown[]; handleRequest?: (...args: unknown[]) => void };
const fresh = firstSight();

function snapEvent(event: ShopEvent): [string, Record<string, unknown>] | undefined {
  if (event.name === 'PageView') return ['PAGE_VIEW', {}];
  if (event.name === 'ViewCategory') return ['LIST_VIEW', { item_category: event.title }];
  const names = {
    ViewContent: 'VIEW_CONTENT',
    AddToCart: 'ADD_CART',
    InitiateCheckout: 'START_CHECKOUT',
    AddPaymentInfo: 'ADD_BILLING',
    Purchase: 'PURCHASE',
  } as const;
  if (!(event.name in names)) return undefined;
  const priced = event as Extract<ShopEvent, { name: keyof typeof names }>;
  const params: Record<string, unknown> = {
    price: majorUnits(priced.value, priced.currency),
    currency: priced.currency,
    item_ids: priced.items.map((item) => String(item.productId)),
    number_items: priced.items.reduce((sum, item) => sum + item.quantity, 0),
  };
  if (priced.name === 'Purchase') Object.assign(params, { transaction_id: priced.orderId, client_dedup_id: priced.eventId });
  return [names[priced.name], params];
}

const snapchat: Integration<ConfigOf<'snapchat'>> = {
  code: 'snapchat',
  origins: () => ({
    script: ['https://sc-static.net'],
    connect: ['https://tr.snapchat.com', 'https://tr-shadow.snapchat.com'],
    img: ['https://tr.snapchat.com'],
    frame: ['https://tr.snapchat.com'],
  }),
  load(config, env) {
    rememberCurrencies(env);
    const w = vendorWindow();
    if (!w.snaptr) {
      // (function(e,t,n){if(e.snaptr)return;var a=e.snaptr=function(){a.handleRequest?a.handleRequest.apply(a,arguments):a.queue.push(arguments)};a.queue=[];…})
      const snaptr: Snaptr = function (...args: unknown[]) {
        if (snaptr.handleRequest) snaptr.handleRequest(...args);
        else snaptr.queue!.push(args);
      };
      snaptr.queue = [];
      w.snaptr = snaptr;
    }
    addScript('snapchat', 'https://sc-static.net/scevent.min.js');
    if (firstLoad('snapchat', config.pixelId)) (w.snaptr as Snaptr)('init', config.pixelId, {});
  },
  onEvent(event) {
    const snaptr = vendorWindow().snaptr as Snaptr | undefined;
    if (!snaptr || !fresh(event)) return;
    const mapped = snapEvent(event);
    if (mapped) snaptr('track', ...mapped);
  },
};

export default snapchat;
