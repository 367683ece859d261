// TikTok pixels (code tiktok): TikTok's base code (the `ttq` queue with its methods, `ttq.load(pixelId)`
// per pixel, each loading events.js?sdkid=…), a page view per route change (`ttq.page()`), and the
// standard events ViewContent, AddToCart, InitiateCheckout, AddPaymentInfo and CompletePayment, the
// purchase with the server's event id as `event_id` (TikTok's deduplication with the Events API).
// The spec's custom events have no TikTok equivalent and are not sent.
import { firstLoad, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';
import { majorUnits, rememberCurrencies } from './money';

type Ttq = unknown[] & Record<string, any>;
const METHODS = [
  'page',
  'track',
  'identify',
  'instances',
  'debug',
  'on',
  'off',
  'once',
  'ready',
  'alias',
  'group',
  'enableCookie',
  'disableCookie',
  'holdConsent',
  'revokeConsent',
  'grantConsent',
];
const SDK = 'https://analytics.tiktok.com/i18n/pixel/events.js';
const fresh = firstSight();

/** TikTok's base code, as its Events Manager gives it (`!function (w, d, t) {…}(window, document, 'ttq')`). */
function baseCode(): Ttq {
  const w = vendorWindow();
  w.TiktokAnalyticsObject = 'ttq';
  const ttq: Ttq = (w.ttq = w.ttq || []);
  if (ttq.load) return ttq;
  ttq.methods = METHODS;
  ttq.setAndDefer = (target: Ttq, method: string) => {
    target[method] = (...args: unknown[]) => target.push([method, ...args]);
  };
  for (const method of METHODS) ttq.setAndDefer(ttq, method);
  ttq.instance = (id: string) => {
    const instance = ttq._i[id] || [];
    for (const method of METHODS) ttq.setAndDefer(instance, method);
    return instance;
  };
  ttq.load = (id: string, options?: Record<string, unknown>) => {
    ttq._i = ttq._i || {};
    ttq._i[id] = [];
    ttq._i[id]._u = SDK;
    ttq._t = ttq._t || {};
    ttq._t[id] = Date.now();
    ttq._o = ttq._o || {};
    ttq._o[id] = options || {};
    const script = document.createElement('script');
    script.type = 'text/javascript';
    script.async = true;
    script.src = `${SDK}?sdkid=${id}&lib=ttq`;
    script.setAttribute('data-vitrine-integration', 'tiktok');
    const first = document.getElementsByTagName('script')[0];
    if (first?.parentNode) first.parentNode.insertBefore(script, first);
    else document.head.appendChild(script);
  };
  return ttq;
}

const NAMES = {
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  InitiateCheckout: 'InitiateCheckout',
  AddPaymentInfo: 'AddPaymentInfo',
  Purchase: 'CompletePayment',
} as const;

const tiktok: Integration<ConfigOf<'tiktok'>> = {
  code: 'tiktok',
  origins: () => ({
    script: ['https://analytics.tiktok.com'],
    connect: ['https://analytics.tiktok.com'],
    img: ['https://analytics.tiktok.com'],
  }),
  load(config, env) {
    rememberCurrencies(env);
    const ttq = baseCode();
    for (const { pixelId } of config.pixels) if (firstLoad('tiktok', pixelId)) ttq.load(pixelId);
  },
  onEvent(event) {
    const ttq = vendorWindow().ttq as Ttq | undefined;
    if (!ttq?.track || !fresh(event)) return;
    if (event.name === 'PageView') {
      ttq.page();
      return;
    }
    if (!(event.name in NAMES)) return;
    const priced = event as Extract<typeof event, { name: keyof typeof NAMES }>;
    const properties = {
      contents: priced.items.map((item) => ({
        content_id: String(item.productId),
        content_type: 'product',
        content_name: item.title,
        quantity: item.quantity,
        price: majorUnits(item.price, priced.currency),
      })),
      content_type: 'product',
      value: majorUnits(priced.value, priced.currency),
      currency: priced.currency,
    };
    if (priced.name === 'Purchase') ttq.track(NAMES.Purchase, properties, { event_id: priced.eventId });
    else ttq.track(NAMES[priced.name], properties);
  },
};

export default tiktok;
