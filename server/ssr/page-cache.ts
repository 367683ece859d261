// Whole-page cache for anonymous visitors: a rendered page is served again for a short time (the same
// TTL as the data caches) to every visitor who would get the same HTML. The key holds what the HTML
// depends on: path and query, locale, currency, phone or desktop. A page save in any process clears it at
// once (server/db/change-feed.ts tells the others). Concurrent misses for one key render once. A page is
// gzipped once when it is cached, not on every visit; a page rendered for one visitor (never cached) is
// gzipped here too, in one go on libuv's threads (server/gzip.ts).

import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { singleFlight } from '../commerce/cache';
import { acceptsGzip, GZIP_THRESHOLD, gzipInOneGo } from '../gzip';

/** A page as the renderer made it: the whole HTML, in UTF-8. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  /** Its gzip, made on the main thread from pieces deflated before (a cached document: document-cache.ts). */
  gzipped?: () => Uint8Array<ArrayBuffer>;
}

interface CachedPage {
  /** Until when the page is served as it is; after that it is served once more while a new one renders. */
  freshUntil: number;
  status: number;
  headers: [string, string][];
  /** UTF-8 bytes, as rendered: a hit costs no string scan or encoding. */
  body: Uint8Array<ArrayBuffer>;
  /** The same, gzipped, for the visitors whose browsers accept it (all of them, nowadays). */
  gzipped: Uint8Array<ArrayBuffer>;
}

export interface PageCache {
  serve(
    c: Context,
    keyParts: { locale: string; currency?: string },
    render: () => Promise<RenderedPage>,
    /** Whether this page may be cached and served to other visitors (render-cache.ts: the route's policy). */
    shared: boolean,
  ): Promise<Response>;
  clear(): void;
}

/**
 * `ttlMs`: how long a page is served as rendered. For as long again it may be served stale, once per
 * visitor, while a new render runs in the background (so no visitor waits for a render of a page that
 * is in the cache); past that it is rendered anew before answering.
 */
export function createPageCache(options: {
  ttlMs: number;
  /**
   * Whether a request's host is the shop's (public-origin.ts). Pages asked for under another host are
   * rendered but never cached, so no header of one visitor's request can shape what the next one gets.
   */
  isShopHost: (host: string) => boolean;
  maxBytes?: number;
  log?: (message: string, error?: unknown) => void;
}): PageCache {
  if (options.ttlMs <= 0) {
    return { serve: async (c, _k, render) => withCacheHeader(await encoded(c, await render()), 'BYPASS'), clear: () => {} };
  }
  const cache = new LRUCache<string, CachedPage>({
    ttl: options.ttlMs * 2,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => page.body.byteLength + page.gzipped.byteLength + 512,
  });
  /** Visitors arriving while a page renders wait for that render. */
  const once = singleFlight<CachedPage>();

  async function renderToCache(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage> {
    const rendered = await render();
    const body = rendered.body;
    const page: CachedPage = {
      freshUntil: Date.now() + options.ttlMs,
      status: rendered.status,
      headers: [...rendered.headers].filter(([name]) => name !== 'set-cookie' && name !== 'server-timing'),
      body,
      gzipped: rendered.status === 200 ? await gzipOf(rendered) : new Uint8Array(),
    };
    // Only complete pages are cached; errors and 404s are rendered each time.
    if (page.status === 200) cache.set(key, page);
    return page;
  }

  return {
    async serve(c, keyParts, render, shared) {
      const url = new URL(c.req.url);
      if (!shared || c.req.method !== 'GET' || !options.isShopHost(url.host)) {
        return withCacheHeader(await encoded(c, await render()), 'BYPASS');
      }
      const key = `${keyParts.locale}|${keyParts.currency ?? ''}|${url.pathname}${url.search}`;
      let page = cache.get(key);
      let state: CacheState = page ? 'HIT' : 'MISS';
      if (page && page.freshUntil < Date.now()) {
        state = 'STALE';
        once(key, () => renderToCache(key, render)).catch((error: unknown) =>
          options.log?.(`re-rendering ${url.pathname} failed; the cached page stays`, error),
        );
      }
      page ??= await once(key, () => renderToCache(key, render));
      if (page.status === 200 && acceptsGzip(c.req.header('Accept-Encoding'))) {
        const headers = new Headers(page.headers);
        headers.set('Content-Encoding', 'gzip');
        return withCacheHeader(new Response(page.gzipped, { status: page.status, headers }), state);
      }
      return withCacheHeader(new Response(page.body, { status: page.status, headers: page.headers }), state);
    },
    clear: () => cache.clear(),
  };
}

/** A page rendered for one visitor, gzipped when the browser takes it. */
async function encoded(c: Context, page: RenderedPage): Promise<Response> {
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  // A cached document's gzip is made from its pieces, without laying the page out first.
  if (!gzip || (!page.gzipped && page.body.byteLength < GZIP_THRESHOLD)) {
    return new Response(page.body, { status: page.status, headers: page.headers });
  }
  const headers = new Headers(page.headers);
  headers.set('Content-Encoding', 'gzip');
  return new Response(await gzipOf(page), { status: page.status, headers });
}

const gzipOf = async (page: RenderedPage) => page.gzipped?.() ?? (await gzipInOneGo(page.body));

type CacheState = 'HIT' | 'STALE' | 'MISS' | 'BYPASS';

function withCacheHeader(response: Response, state: CacheState): Response {
  response.headers.set('X-Vitrine-Page-Cache', state);
  return response;
}
