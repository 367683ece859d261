// Read-through caches with short TTLs: all shop state lives in the database, so any number of server
// processes can run side by side; each keeps only what it read in the last few seconds.
import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';

export interface ReadThrough<V> {
  /** The cached value, or the loader's (one load per key at a time, however many callers wait). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forget one key, after this process changed what it holds. */
  delete(key: string): void;
  clear(): void;
}

/** ttlMs <= 0 turns caching off (development: every read sees the database). */
export function readThrough<V extends {}>(options: { ttlMs: number; max: number }): ReadThrough<V> {
  if (options.ttlMs <= 0) return { get: (_key, load) => load(), delete: () => {}, clear: () => {} };
  const cache = new LRUCache<string, V, () => Promise<V>>({
    max: options.max,
    ttl: options.ttlMs,
    ttlAutopurge: false,
    // A value read again that equals the one it replaces is kept as it was: the same object, so what is
    // made from it and kept by identity (a page's cached document, server/ssr/document-cache.ts) stays good
    // past the TTL for as long as the data does not change.
    fetchMethod: async (_key, stale, { context }) => {
      const fresh = await context();
      return stale !== undefined && isDeepStrictEqual(stale, fresh) ? stale : fresh;
    },
  });
  return {
    async get(key, load) {
      const status: LRUCache.Status<V> = {};
      try {
        return (await cache.fetch(key, { context: load, status })) as V;
      } catch (error) {
        // Cleared or deleted while loading (another process changed the shop): what was being read may
        // be older than the change, so it is neither kept nor answered; this caller reads again.
        if (status.fetchAborted) return load();
        throw error;
      }
    },
    delete: (key) => void cache.delete(key),
    clear: () => cache.clear(),
  };
}

/** Runs one job per key at a time: callers asking for a key whose job is under way wait for that job. */
export function singleFlight<V>() {
  const running = new Map<string, Promise<V>>();
  return (key: string, job: () => Promise<V>): Promise<V> => {
    let pending = running.get(key);
    if (!pending) {
      pending = job().finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  };
}

/**
 * The read-through caches of one shop (one app), made with one TTL and cleared together: when another
 * process says the shop changed (server/db/change-feed.ts), this process forgets everything it read.
 */
export interface CacheGroup {
  /** A read-through cache of this group (at most `max` keys). */
  readThrough<V extends {}>(options: { max: number }): ReadThrough<V>;
  /** Forgets what every cache of the group holds. */
  clear(): void;
}

/** ttlMs <= 0: no caching (every read sees the database). */
export function cacheGroup(ttlMs: number): CacheGroup {
  const members = new Set<ReadThrough<never>>();
  return {
    readThrough<V extends {}>({ max }: { max: number }) {
      const cache = readThrough<V>({ ttlMs, max });
      members.add(cache as ReadThrough<never>);
      return cache;
    },
    clear() {
      for (const cache of members) cache.clear();
    },
  };
}
