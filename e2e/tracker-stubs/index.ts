// Tracker stubs for end-to-end tests: every tracker host is routed to small stand-ins of the vendors'
// scripts (stubs/*.js) that define the vendor's global as the real one does and report each call, with
// its payload, to `https://<vendor host>/__stub/hit` (recorded here, never sent anywhere). What a test
// reads back: the requests made to each tracker host (a request the page's Content-Security-Policy
// refused is never made), the hits (vendor, event, payload), and the tracker cookies the scripts set.
//
//   const trackers = await routeTrackers(page);
//   await page.goto('/');
//   expect(trackers.requests).toEqual([]);                        // nothing before consent
//   expect(await trackers.trackerCookies()).toEqual([]);
//   …accept advertising…
//   await expect.poll(() => trackers.hitsOf('meta', 'Purchase')).toHaveLength(1);
import { readFileSync } from 'node:fs';
import type { Cookie, Page, Request, Route } from '@playwright/test';

/** Every host a tracker of the used-apps configuration loads from or sends to. */
export const TRACKER_HOSTS = [
  'connect.facebook.net',
  'www.facebook.com',
  'web.facebook.com',
  'www.googletagmanager.com',
  'www.google-analytics.com',
  'region1.google-analytics.com',
  'analytics.google.com',
  'region1.analytics.google.com',
  'stats.g.doubleclick.net',
  'googleads.g.doubleclick.net',
  'td.doubleclick.net',
  'www.googleadservices.com',
  'pagead2.googlesyndication.com',
  'www.google.com',
  'analytics.tiktok.com',
  'sc-static.net',
  'tr.snapchat.com',
  'tr-shadow.snapchat.com',
  'static.hotjar.com',
  'script.hotjar.com',
  'vars.hotjar.com',
  'www.statcounter.com',
  'statcounter.com',
  'c.statcounter.com',
  'static.klaviyo.com',
  'static-tracking.klaviyo.com',
  'static-forms.klaviyo.com',
  'a.klaviyo.com',
] as const;

/** Names of the cookies the trackers set (first-party, by their scripts). */
export const TRACKER_COOKIE =
  /^(_fbp|_fbc|_ga(_.*)?|_gid|_gat.*|_gcl_.*|_ttp|_tt_.*|ttcsid.*|_scid.*|_sctr|_hj.*|sc_is_visitor_unique|__kla_id|_uetsid|_uetvid|IDE|test_cookie)$/;

export const isTrackerCookie = (name: string) => TRACKER_COOKIE.test(name);

export interface TrackerHit {
  /** meta, ga4, googleAds, gtag (consent commands), gtm, ua, tiktok, snapchat, hotjar, statcounter, klaviyo, messenger, script. */
  vendor: string;
  /** The vendor's event name (Purchase, purchase, CompletePayment, PURCHASE…) or its command (init, config). */
  event: string;
  payload: any;
  host: string;
}

export interface TrackerRequest {
  host: string;
  url: string;
  /** script: a stubbed script; hit: a stub's report of a call; other: anything else (answered empty). */
  kind: 'script' | 'hit' | 'other';
}

export interface TrackerRecorder {
  readonly requests: TrackerRequest[];
  readonly hits: TrackerHit[];
  hitsOf(vendor: string, event?: string): TrackerHit[];
  requestsTo(host: string): TrackerRequest[];
  /** The tracker cookies in the page's browser context now. */
  trackerCookies(): Promise<Cookie[]>;
  /** Forgets the requests and hits so far (e.g. between the steps of a funnel). */
  clear(): void;
}

const stub = (name: string) => readFileSync(new URL(`./stubs/${name}.js`, import.meta.url), 'utf8');
const REPORT = stub('report');

/** The stub that answers a script address, by host and path. */
function stubFor(url: URL): string {
  const { host, pathname } = url;
  if (pathname.endsWith('/fbevents.js')) return 'fbevents';
  if (host === 'connect.facebook.net' && pathname.includes('/sdk/')) return 'facebook-sdk';
  if (host === 'www.googletagmanager.com' && pathname === '/gtag/js') return 'gtag';
  if (host === 'www.googletagmanager.com' && pathname === '/gtm.js') return 'gtm';
  if (host === 'www.google-analytics.com' && pathname === '/analytics.js') return 'analytics';
  if (host === 'analytics.tiktok.com' && pathname.endsWith('/events.js')) return 'tiktok-events';
  if (host === 'sc-static.net') return 'scevent';
  if (host === 'static.hotjar.com') return 'hotjar';
  if (host.endsWith('statcounter.com') && pathname.endsWith('counter.js')) return 'statcounter';
  if (host === 'static.klaviyo.com' && pathname.endsWith('klaviyo.js')) return 'klaviyo';
  return 'generic';
}

/**
 * Routes every tracker host (and `extraHosts`: a merchant's pixel proxy, a cart-recovery widget's host)
 * of the page's browser context to the stubs, and records what the page asks of them.
 */
export async function routeTrackers(page: Page, options: { extraHosts?: readonly string[] } = {}): Promise<TrackerRecorder> {
  const hosts = new Set<string>([...TRACKER_HOSTS, ...(options.extraHosts ?? [])]);
  const requests: TrackerRequest[] = [];
  const hits: TrackerHit[] = [];
  const isTracker = (url: URL) => hosts.has(url.host);

  const handle = async (route: Route, request: Request) => {
    const url = new URL(request.url());
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (url.pathname === '/__stub/hit') {
      requests.push({ host: url.host, url: url.href, kind: 'hit' });
      hits.push({
        vendor: url.searchParams.get('vendor') ?? '',
        event: url.searchParams.get('event') ?? '',
        payload: JSON.parse(url.searchParams.get('payload') ?? 'null'),
        host: url.host,
      });
      await route.fulfill({ status: 204, headers: cors });
      return;
    }
    if (request.resourceType() === 'script') {
      requests.push({ host: url.host, url: url.href, kind: 'script' });
      await route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        headers: cors,
        body: `${REPORT}\n${stub(stubFor(url))}`,
      });
      return;
    }
    requests.push({ host: url.host, url: url.href, kind: 'other' });
    await route.fulfill({ status: 204, headers: cors });
  };
  await page.context().route((url) => isTracker(url), handle);

  return {
    requests,
    hits,
    hitsOf: (vendor, event) => hits.filter((hit) => hit.vendor === vendor && (event === undefined || hit.event === event)),
    requestsTo: (host) => requests.filter((request) => request.host === host),
    trackerCookies: async () => (await page.context().cookies()).filter((cookie) => isTrackerCookie(cookie.name)),
    clear: () => {
      requests.length = 0;
      hits.length = 0;
    },
  };
}
