// Google Tag Manager (code tagManager): Google's container snippet (gtm.start, gtm.js?id=GTM-…) and the
// shop's events pushed to the dataLayer in GA4's ecommerce shape, each after `{ ecommerce: null }` as
// Google's guide says (so one event's items do not leak into the next). The container's own tags load
// from origins the merchant chose in GTM: those need adding to the policy by whoever adds the tags.
import { addScript, firstSight, vendorWindow } from './dom';
import { ga4Event } from './ecommerce';
import { GOOGLE_ANALYTICS_ORIGINS } from './gtag';
import type { ConfigOf, Integration } from './integration';
import { rememberCurrencies } from './money';

const fresh = firstSight();
const push = (entry: Record<string, unknown>) => (vendorWindow().dataLayer as Record<string, unknown>[]).push(entry);

const tagManager: Integration<ConfigOf<'tagManager'>> = {
  code: 'tagManager',
  // GTM's own origin, and Google Analytics', the tag a container most often carries.
  origins: () => ({
    script: ['https://www.googletagmanager.com', ...GOOGLE_ANALYTICS_ORIGINS.script],
    img: ['https://www.googletagmanager.com', ...GOOGLE_ANALYTICS_ORIGINS.img],
    connect: ['https://www.googletagmanager.com', ...GOOGLE_ANALYTICS_ORIGINS.connect],
  }),
  load(config, env) {
    if (!config.enable) return;
    rememberCurrencies(env);
    const w = vendorWindow();
    w.dataLayer = w.dataLayer || [];
    const src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.key)}`;
    if (document.querySelector(`script[src="${src}"]`)) return;
    push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript('tagManager', src);
  },
  onEvent(event, config) {
    if (!config.enable || !vendorWindow().dataLayer || !fresh(event)) return;
    if (event.name === 'PageView') {
      push({ event: 'page_view', page_path: event.path, page_title: event.title });
      return;
    }
    const mapped = ga4Event(event);
    if (!mapped) return;
    const { items, currency, value, ...rest } = mapped.params;
    if (items === undefined) {
      push({ event: mapped.name, ...rest });
      return;
    }
    push({ ecommerce: null });
    push({ event: mapped.name, ecommerce: { currency, value, items, ...rest } });
  },
};

export default tagManager;
