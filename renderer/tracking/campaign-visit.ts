// Campaign attribution in the browser (spec section 7: POST /api/utm with fullUrl, the encoded current
// path, when the address has any utm_source, utm_medium, utm_campaign, utm_term or utm_content). The
// entries (hydrate-shop.tsx, entry-islands.tsx) load this module only for an address with `utm_` in its
// query, so no other page's JavaScript holds it. docs/tracking.md#campaign-attribution.
import type { ApiClient } from '../api/client';

const CAMPAIGN = /[?&]utm_(?:source|medium|campaign|term|content)=/;

/** The address last sent: once per address per page load (a client navigation to another one sends again). */
let sent: string | undefined;

export function sendCampaignVisit({ api, crawler }: { api: ApiClient; crawler?: boolean }, location: Location = window.location) {
  const path = location.pathname + location.search;
  // A crawler has no visitor id to record the visit on (the call needs one).
  if (crawler || path === sent || !CAMPAIGN.test(location.search)) return;
  sent = path;
  // The answer is not used (spec): attribution never stands in the shopper's way, nor does its failure.
  void api.request('post /utm', { body: { fullUrl: encodeURIComponent(path) } }).catch(() => undefined);
}
