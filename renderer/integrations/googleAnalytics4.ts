// Google Analytics 4 (code googleAnalytics4) through gtag.js: `gtag('config', id, {send_page_view: false})`
// (the shop sends its page views itself, on each route change the spec names), then the recommended
// ecommerce events (view_item, add_to_cart, begin_checkout, add_payment_info, purchase with its
// transaction_id, view_item_list, view_cart, add_shipping_info) and the spec's custom events in snake case,
// each with `send_to` this measurement id only (the Google Ads tags share the gtag).
import { firstLoad, firstSight, vendorWindow } from './dom';
import { ga4Event } from './ecommerce';
import { GOOGLE_ANALYTICS_ORIGINS, googleTag, type Gtag } from './gtag';
import type { ConfigOf, Integration } from './integration';
import { rememberCurrencies } from './money';

const fresh = firstSight();

const googleAnalytics4: Integration<ConfigOf<'googleAnalytics4'>> = {
  code: 'googleAnalytics4',
  origins: () => GOOGLE_ANALYTICS_ORIGINS,
  load(config, env) {
    if (!config.enable) return;
    rememberCurrencies(env);
    const gtag = googleTag('googleAnalytics4', config.id);
    if (firstLoad('googleAnalytics4', config.id)) gtag('config', config.id, { send_page_view: false });
  },
  onEvent(event, config) {
    const gtag = vendorWindow().gtag as Gtag | undefined;
    if (!config.enable || !gtag || !fresh(event)) return;
    if (event.name === 'PageView') {
      gtag('event', 'page_view', {
        page_location: new URL(event.path, location.origin).href,
        page_title: event.title,
        send_to: config.id,
      });
      return;
    }
    const mapped = ga4Event(event);
    if (mapped) gtag('event', mapped.name, { ...mapped.params, send_to: config.id });
  },
};

export default googleAnalytics4;
