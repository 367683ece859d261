// Universal Analytics (code googleAnalytics) through analytics.js, as its docs gave it: `ga('create', id,
// 'auto')`, a pageview per route change, and a purchase as the ecommerce plugin's transaction.
//
// Google stopped processing Universal Analytics data on 1 July 2023 (360 properties: 1 July 2024):
// analytics.js still loads as configured and sends its hits, but Google collects nothing from them. A
// merchant who wants analytics switches to googleAnalytics4.
import { addScript, firstLoad, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';
import { majorUnits, rememberCurrencies } from './money';

type Ga = ((...args: unknown[]) => void) & { q?: unknown[]; l?: number };
const fresh = firstSight();

const googleAnalytics: Integration<ConfigOf<'googleAnalytics'>> = {
  code: 'googleAnalytics',
  origins: () => ({
    script: ['https://www.google-analytics.com'],
    img: ['https://www.google-analytics.com', 'https://stats.g.doubleclick.net'],
    connect: ['https://www.google-analytics.com', 'https://stats.g.doubleclick.net'],
  }),
  load(config, env) {
    if (!config.enable) return;
    rememberCurrencies(env);
    const w = vendorWindow();
    // The analytics.js snippet: (function(i,s,o,g,r,a,m){i['GoogleAnalyticsObject']=r;i[r]=i[r]||function(){(i[r].q=i[r].q||[]).push(arguments)},i[r].l=1*new Date();…})
    w.GoogleAnalyticsObject = 'ga';
    if (!w.ga) {
      const ga: Ga = function () {
        (ga.q = ga.q || []).push(arguments);
      };
      ga.l = Date.now();
      w.ga = ga;
    }
    addScript('googleAnalytics', 'https://www.google-analytics.com/analytics.js');
    if (firstLoad('googleAnalytics', config.id)) (w.ga as Ga)('create', config.id, 'auto');
  },
  onEvent(event, config) {
    const ga = vendorWindow().ga as Ga | undefined;
    if (!config.enable || !ga || !fresh(event)) return;
    if (event.name === 'PageView') {
      ga('set', 'page', event.path);
      ga('send', 'pageview');
    } else if (event.name === 'Purchase') {
      ga('require', 'ecommerce');
      ga('ecommerce:addTransaction', {
        id: event.orderId,
        revenue: String(majorUnits(event.value, event.currency)),
        currency: event.currency,
      });
      for (const item of event.items) {
        ga('ecommerce:addItem', {
          id: event.orderId,
          name: item.title,
          sku: String(item.variantId ?? item.productId),
          price: String(majorUnits(item.price, event.currency)),
          quantity: String(item.quantity),
          currency: event.currency,
        });
      }
      ga('ecommerce:send');
    }
  },
};

export default googleAnalytics;
