// Which answers a shared cache in front of the shop (a CDN, a reverse proxy; docs/caching.md) may keep
// and give to everyone, and for how long. Such a page is the same for every visitor of its address: a
// public route (renderer/cache-policy.ts) asked for by an anonymous visitor (no session) in the shop's
// base currency, with no choice to remember (no cookie set). Its language is in its address, its
// personal parts (cart count, signed-in state, consent banner) are drawn in the browser, and a new
// visitor's id is made by the browser (renderer/state/visitor-id.ts).
import type { VisitorPrefs } from './visitor-prefs';
import { VISITOR_COOKIE } from '../../renderer/state/cookies';

/** How long a shared cache serves a page without asking, and how long after that while it asks again. */
export const SHARED_MAX_AGE_S = 60;
export const STALE_WHILE_REVALIDATE_S = 600;

/** `public`: a page of the shop's own page cache (the same for every visitor of its locale and currency). */
export function sharedCacheable(sharedInProcess: boolean, prefs: VisitorPrefs): boolean {
  return sharedInProcess && prefs.baseCurrency && prefs.cookies.every((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
}

/** The caching headers of a page: every cache for an everyone's page, the browser alone otherwise. */
export function cacheHeaders(kind: 'everyone' | 'visitor-shared' | 'private'): Record<string, string> {
  const cacheControl = {
    // Browsers ask again each time (max-age=0); shared caches keep it a minute, and serve it stale for ten
    // more minutes while they fetch it anew, so a save shows within a minute even without a purge.
    everyone: `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`,
    // The same for visitors of one currency (or one who just chose it): the browser may keep it, no one else.
    'visitor-shared': 'private, no-cache',
    private: 'private, no-store',
  }[kind];
  return { 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
}
