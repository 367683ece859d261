// Loads the integrations the server allows for this visitor and page (GET /api/integrations: it reads the
// consent cookie) and hands each the shop's events (renderer/tracking/shop-events.ts). Its own chunk,
// loaded only once the visitor's consent allows something: nothing of it is in a page's first load.
//
// Once in the page, a vendor's script cannot be taken out. Where the server keeps some integrations off
// (the merchant's custom JS and the widgets on the pages where a shopper pays, server/commerce/consent/
// allowed-integrations.ts), a client navigation to such a page from one that has them loads the page
// afresh instead, so it runs only what it allows.
import type { AllowedIntegration } from '../../schemas/generated/api';
import type { ConsentState } from '../consent/consent-cookie';
import type { ConsentEnv } from '../consent/consent-policy';
import { mayRunOnPage } from '../consent/page-rules';
import { subscribeShopEvents } from '../tracking/shop-events';
import { integrationFor } from './index';

const loaded = new Map<string, AllowedIntegration>();
let watching = false;

export async function startIntegrations(env: ConsentEnv, consent: ConsentState): Promise<void> {
  if (!consent.analytics && !consent.advertising) return;
  const allowed = await env.api.request('get /integrations', { query: { path: env.path() } }).catch(() => []);
  for (const integration of allowed) {
    if (loaded.has(integration.code)) continue;
    loaded.set(integration.code, integration);
    const module = await integrationFor(integration.code);
    if (!module) continue;
    module.load(integration.config, { locale: env.locale, currency: env.currency, consent, currencies: env.currencies });
    if (module.onEvent) subscribeShopEvents((event) => module.onEvent!(event, integration.config));
  }
  if (!watching && env.onNavigate) {
    watching = true;
    env.onNavigate(reloadWhereKeptOff);
  }
}

/** Before a client navigation: a page that keeps a loaded integration off is loaded as a new document. */
function reloadWhereKeptOff(to: string) {
  for (const code of loaded.keys())
    if (!mayRunOnPage(code, new URL(to, location.origin).pathname)) {
      location.assign(to);
      return;
    }
}
