// Google Ads tags (code googlead): each account's Google tag through the shared gtag.js (`gtag('config',
// 'AW-…')`), a page view per route change for remarketing, and on a purchase the account's conversion
// (`send_to: 'AW-…/<label>'`, with the order as transaction_id, which Google Ads deduplicates by).
import { firstLoad, firstSight, vendorWindow } from './dom';
import { googleTag, type Gtag } from './gtag';
import type { ConfigOf, Integration } from './integration';
import { majorUnits, rememberCurrencies } from './money';

const fresh = firstSight();

const googlead: Integration<ConfigOf<'googlead'>> = {
  code: 'googlead',
  // Google's documented origins of the Google Ads tag (conversion tracking and remarketing).
  origins: () => ({
    script: ['https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net'],
    connect: [
      'https://www.googletagmanager.com',
      'https://www.googleadservices.com',
      'https://googleads.g.doubleclick.net',
      'https://www.google.com',
      'https://pagead2.googlesyndication.com',
    ],
    img: [
      'https://www.googletagmanager.com',
      'https://googleads.g.doubleclick.net',
      'https://www.google.com',
      'https://www.googleadservices.com',
    ],
    frame: ['https://www.googletagmanager.com', 'https://td.doubleclick.net'],
  }),
  load(config, env) {
    const accounts = config.googlead;
    if (!accounts.length) return;
    rememberCurrencies(env);
    const gtag = googleTag('googlead', accounts[0]!.googleAccount);
    for (const { googleAccount } of accounts) {
      if (firstLoad('googlead', googleAccount)) gtag('config', googleAccount, { send_page_view: false });
    }
  },
  onEvent(event, config) {
    const gtag = vendorWindow().gtag as Gtag | undefined;
    if (!gtag || !config.googlead.length || !fresh(event)) return;
    if (event.name === 'PageView') {
      gtag('event', 'page_view', { send_to: config.googlead.map((a) => a.googleAccount) });
    } else if (event.name === 'Purchase') {
      for (const account of config.googlead) {
        if (!account.conversionLabel) continue;
        gtag('event', 'conversion', {
          send_to: `${account.googleAccount}/${account.conversionLabel}`,
          value: majorUnits(event.value, event.currency),
          currency: event.currency,
          transaction_id: event.orderId,
        });
      }
    }
  },
};

export default googlead;
