// Tells a shared cache in front of the shop (a CDN; docs/caching.md) that the pages it keeps are out of
// date, when a merchant saves a page, a funnel or a site setting. The process that made the change asks,
// once (the others only forget their own caches, server/forget-on-change.ts). A CDN's purge call differs
// from one to the next, so the shop sends one small request to an address the operator names
// (CDN_PURGE_URL: the CDN's own purge endpoint if it takes this body, else a small function that calls
// it). Without one, shared caches see a change when their copy is a minute old (server/ssr/shared-cache.ts).
import type { ShopChange } from './db/change-feed';

export type CdnPurge = (change: ShopChange) => Promise<void>;

/** Waits at most this long for the purge endpoint: a save never waits on it (the call is not awaited by it). */
const PURGE_TIMEOUT_MS = 5_000;

export function cdnPurge(options: { url: string; token?: string; log: (message: string, error?: unknown) => void }): CdnPurge {
  return async (change) => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        // Every page may show what changed (a menu, a setting, a product card on a theme page): all of it.
        body: JSON.stringify({ purge: 'everything', change }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      if (!response.ok) options.log(`the CDN purge answered ${response.status}; shared caches catch up within a minute`);
    } catch (error) {
      options.log('the CDN purge failed; shared caches catch up within a minute', error);
    }
  };
}
