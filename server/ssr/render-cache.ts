// The render caches behind one seam. A page is served, fastest first, from:
// - the page cache (page-cache.ts): the bytes of a page rendered a moment ago, for every visitor of a
//   locale, currency and device;
// - the document cache (document-cache.ts): a template of the whole page rendered from the same data,
//   its per-request blocks and the router's data script filled in;
// - the HTML cache (cached-html.tsx): the blocks, header, footer and route views rendered for an earlier
//   request from the same data objects, written into a page React renders now;
// and below them the data caches (the renderer's `answers`, in-process-api.ts; the block data of page
// views, page-view.ts; the domain's read-throughs), which every render reads.
//
// The page cache and the document cache hold whole pages: a page goes there only when its route declares
// itself public (`staticData.cache`, renderer/cache-policy.ts) and it is not a preview; the page cache,
// shared by every visitor, also never holds a signed-in visitor's page. Anything else, a route that
// forgets to say, a path no route matches, is private: rendered for this request alone. The HTML cache holds parts cached beside the shared data objects they are
// rendered from (a page version, the site and menus, a product's loader data) and used by private pages
// too: they show nothing of a visitor's (the cart count is read in the browser).
//
// The renderer sees one field of its context, `renderCache` (renderer/render-cache.ts); render-page.tsx
// asks this module whether a page is shared and for a cached document, and tells it what it rendered.
import type { Context } from 'hono';
import { splitLocalePath } from '../../renderer/i18n/locale-path';
import { getCookie } from 'hono/cookie';
import { cachePolicy, type CachePolicy } from '../../renderer/cache-policy';
import type { RenderCache } from '../../renderer/render-cache';
import { createShopRouter, type ShopRouter } from '../../renderer/router';
import type { RouterContext } from '../../renderer/router-context';
import { composedOf } from '../../renderer/serialize-once';
import { createHtmlCache, type CachedView, type LayoutData, type PartRequest } from './cached-html';
import {
  createDocumentCache,
  documentKey,
  fill,
  templateOf,
  type DocumentFacts,
  type DocumentTemplate,
  type FilledDocument,
} from './document-cache';

/** What one render uses of the caches and gives back to them. */
export interface RenderCacheRequest {
  /** The router context's field (renderer/render-cache.ts). */
  context: RenderCache;
  /** The key of this page in the document cache; undefined when it is not cached there (private, not a 200). */
  documentKey(facts: DocumentFacts): string | undefined;
  /** The page written from its cached template, when one fits this request, with its block stylesheets' policy sources. */
  document(
    key: string,
    router: ShopRouter,
    request: PartRequest,
    script: string,
  ): { filled: FilledDocument; styles: string[] } | undefined;
  /** Before React renders the page: the parts it will write from the cache. Answers what the head gains. */
  prepare(router: ShopRouter, request: PartRequest, layout: LayoutData): { head: string };
  /** After React rendered the page: the document, cached as a template the second time its key is rendered. */
  rendered(
    key: string,
    router: ShopRouter,
    request: PartRequest,
    page: { document: string; script: string; styles: string[] },
  ): void;
}

export function createRenderCache(options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const html = createHtmlCache();
  const documents = createDocumentCache();
  /** The block stylesheets a cached document carries, as policy sources. */
  const templateStyles = new WeakMap<DocumentTemplate, string[]>();
  // Matches paths to routes, for the policy each route declares (renderer/cache-policy.ts).
  const matcher = createShopRouter({} as RouterContext);

  /**
   * The page's policy: public when its route declares it (renderer/cache-policy.ts) and it is not a
   * merchant's preview (or a test build's injected fault), which must show the newest page.
   */
  function policy(url: URL): CachePolicy {
    if (cachePolicy(matcher, splitLocalePath(url.pathname).path) === 'private') return 'private';
    return ['preview', 'overview', '__fault'].some((name) => url.searchParams.has(name)) ? 'private' : 'public';
  }

  /**
   * Whether a public page is also served from the page cache to every visitor: not to a signed-in one
   * (spec section 3: the token cookie), whose page is rendered for them, from the document cache at most
   * (its key is everything the page is rendered from).
   */
  function shared(c: Context, pagePolicy: CachePolicy): boolean {
    return pagePolicy === 'public' && !getCookie(c, 'token');
  }

  /** One render's use of the caches, by the page's policy. */
  function forRender(pagePolicy: CachePolicy): RenderCacheRequest {
    let blocks: Map<object, Map<string, string>> | undefined;
    let layout: Map<string, string> | undefined;
    let view: CachedView | undefined;
    const wholeDocuments = enabled && pagePolicy === 'public';
    return {
      context: {
        blocks: (pageView) => blocks?.get(pageView),
        layout: (part) => layout?.get(part),
        view: (data) => (view?.data === data ? view.html : undefined),
        composedOf,
      },
      documentKey: (facts) => (wholeDocuments ? documentKey(facts) : undefined),
      document(key, router, request, script) {
        const template = documents.get(key);
        if (!template) return undefined;
        const perRequest = html.perRequestBlocks(router, request);
        const filled = perRequest && fill(template, { blocks: perRequest, script, entries: request.translator.entries() });
        return filled && { filled, styles: templateStyles.get(template) ?? [] };
      },
      prepare(router, request, data) {
        if (!enabled) return { head: '' };
        blocks = html.blocks(router, request);
        layout = html.layout(router, request, data);
        view = html.view(router, request);
        // The cached view's image preloads, which React would have put in the head had it rendered the view now.
        return { head: view?.head ?? '' };
      },
      rendered(key, router, request, page) {
        if (!documents.wanted(key)) return;
        const perRequest = html.perRequestBlocks(router, request);
        const template =
          perRequest &&
          templateOf(page.document, { blocks: perRequest, script: page.script, entries: request.translator.entries() });
        if (template) templateStyles.set(template, page.styles);
        documents.set(key, template);
      },
    };
  }

  return { policy, shared, forRender };
}

export type RenderCaches = ReturnType<typeof createRenderCache>;
