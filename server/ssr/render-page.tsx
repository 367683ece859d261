// Request -> router -> HTML. Loaders (site, page view, block loads) all finish before the first
// byte; the HTML is rendered in one piece and carries the dehydrated data the browser hydrates from.
// The document's pieces (stylesheets written in, preloads, the end of the body) are put together by
// document-bytes.ts.
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { getScrollRestorationScriptForRouter } from '@tanstack/router-core/scroll-restoration-script';
import { createRequestHandler, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import type { Context } from 'hono';
import { endTime, startTime } from 'hono/timing';
import type { Site } from '../../schemas/generated/api';
import { blockTypesOf } from '../../schemas/page-blocks';
import { allBlockTypes, ensureBlockComponents } from '../../renderer/page/block-components';
import { pageViewOf } from '../../renderer/page/page-view-of';
import { serializedOnceInto, serializeOnce } from '../../renderer/serialize-once';
import { createShopRouter, type ShopRouter } from '../../renderer/router';
import { hasFault } from '../../renderer/routes/injected-faults';
import { pageStatus } from '../../renderer/routes/shown-error';
import type { IslandsScripts } from '../../renderer/router-context';
import { fixedTranslations } from '../../renderer/i18n/translations';
import { recordingTranslator, type RecordingTranslator } from '../../renderer/i18n/translator';
import { layoutHeadScript, shopStyleText } from '../../renderer/routes/root';
import { cacheHeaders, sharedCacheable } from './shared-cache';
import type { ClientAssets } from './client-assets';
import { hashSource, rememberedHashes, type ContentSecurityPolicy } from './content-security-policy';
import { recordHydration, takeHydration } from './hydration-script';
import type { LayoutData, PartRequest } from './cached-html';
import { fallbackPage } from './fallback-page';
import { documentPieces, inlineStyleText, translationSnapshot } from './document-bytes';
import { islandsPageOf } from './islands';
import type { PageCache, RenderedPage } from './page-cache';
import type { CachePolicy } from '../../renderer/cache-policy';
import type { RenderCacheRequest, RenderCaches } from './render-cache';
import { renderHtml } from './render-html';
import { utf8Of } from './utf8';
import { visitorPrefs, type VisitorPrefs } from './visitor-prefs';
import type { InProcessApi } from './in-process-api';
import { requestIdOf } from '../api/envelope';
import type { LocaleCatalog } from './messages';

export interface RenderDeps {
  site: () => Promise<Site>;
  /** The shop's public origin: canonical and Open Graph addresses are made from it. */
  origin: string;
  locales: LocaleCatalog;
  assets: ClientAssets;
  /** API clients that call this app in-process. */
  apiFor: InProcessApi;
  faultInjection: boolean;
  pageCache: PageCache;
  /** The render caches (render-cache.ts): which pages are shared, and the HTML and documents rendered before. */
  renderCache: RenderCaches;
  /** Every page's Content-Security-Policy: the hashes of its own inline scripts and stylesheets (content-security-policy.ts). */
  policy: ContentSecurityPolicy;
  log: (message: string, error?: unknown) => void;
}

function blockTypesOnPage(router: ShopRouter): string[] {
  const types = new Set<string>();
  for (const match of router.state.matches) {
    const view = pageViewOf(match.loaderData);
    if (view) for (const type of blockTypesOf(view.page)) types.add(type);
  }
  return [...types];
}

/**
 * A test build's injected fault (`?__fault=inline-script`): a script written into the page as an attacker's
 * would be, which the page's policy does not name, so the browser refuses to run it (e2e/security-headers.spec.ts).
 */
const INJECTED_SCRIPT = '<script>window.__vitrineInjected=true</script>';

export function createPageRenderer(deps: RenderDeps) {
  const routerManifest = deps.assets.routerManifest;
  const noAssets = { modules: [], styles: [] };
  const blockAssets = (type: string) => deps.assets.blockModules[type] ?? noAssets;
  const entryStart = new Set(deps.assets.entryStart ?? []);
  // The policy's sources (content-security-policy.ts). Hashes of what stays the same from page to page
  // are made once: the block stylesheets written into pages, the router's constant scripts, the scripts
  // with a text of the manifest (Vite's React preamble in development), the merchant's CSS per site.
  const styleSources = new Map(
    Object.entries(deps.assets.inlineStyles ?? {}).map(([href, css]) => [href, hashSource(inlineStyleText(css))]),
  );
  const constantScript = rememberedHashes();
  const manifestScripts = Object.values(routerManifest.routes).flatMap((route) =>
    (route.scripts ?? []).flatMap((script) => (script.children ? [hashSource(script.children)] : [])),
  );
  const shopStyles = new WeakMap<object, string[]>();
  const shopStyleSources = (layout: LayoutData | undefined): string[] => {
    if (!layout) return [];
    let sources = shopStyles.get(layout);
    if (!sources) {
      const text = shopStyleText(layout);
      shopStyles.set(layout, (sources = text ? [hashSource(text)] : []));
    }
    return sources;
  };
  /** The layout's own head script (consent: Google Consent Mode's defaults, the banner), hashed once per layout. */
  const layoutScripts = new WeakMap<object, string[]>();
  const layoutScriptSources = (layout: LayoutData | undefined): string[] => {
    if (!layout) return [];
    let sources = layoutScripts.get(layout);
    if (!sources) {
      const script = layoutHeadScript(layout);
      layoutScripts.set(layout, (sources = script ? [hashSource(script)] : []));
    }
    return sources;
  };
  /**
   * The page's own inline scripts, as policy sources: the router's scroll script, its data script of this
   * request (hashed now: small, and quick to hash) and boundary script, the manifest's.
   */
  const scriptSources = (router: ShopRouter, hydration: readonly string[]): string[] => {
    const scroll = getScrollRestorationScriptForRouter(router);
    const sources = scroll ? [constantScript(`${scroll};document.currentScript.remove()`)] : [];
    hydration.forEach((text, i) => sources.push(i === hydration.length - 1 ? constantScript(text) : hashSource(text)));
    return manifestScripts.length ? sources.concat(manifestScripts) : sources;
  };
  /** On an islands page the code of its islands alone is preloaded; every block's stylesheet all the same. */
  const islandsBlockAssets = (islands: IslandsScripts, type: string) => ({
    modules: islands.page.islands.some((block) => block.type === type) ? (deps.assets.islands?.blockModules[type] ?? []) : [],
    styles: blockAssets(type).styles,
  });

  /** What one request's render works with, from its router to its answer. */
  interface PageRender {
    url: URL;
    site: Site;
    prefs: VisitorPrefs;
    currencyDecimals: number;
    translator: RecordingTranslator;
    reference: string;
    cache: RenderCacheRequest;
    /** Set when the page is rendered as an islands page (islands.ts). */
    islands?: IslandsScripts;
    /** The JSON scripts of the objects the router's data names by id (serialize-once.ts). */
    dataScripts: Map<string, string>;
  }

  /** The router of one request, its context made from the request's facts and the render cache. */
  function createRouterFor(page: PageRender): ShopRouter {
    const { locale, currency } = page.prefs;
    const created = createShopRouter(
      {
        api: deps.apiFor({ locale, currency }),
        site: serializeOnce(page.site),
        currency,
        currencyDecimals: page.currencyDecimals,
        origin: deps.origin,
        localePrefix: page.prefs.localePrefix,
        visitorId: page.prefs.visitorId,
        crawler: page.prefs.crawler,
        customerToken: page.prefs.customerToken,
        translations: fixedTranslations(page.translator),
        blockAssets: (type) => (page.islands ? islandsBlockAssets(page.islands, type) : blockAssets(type)),
        islands: () => page.islands,
        renderCache: page.cache.context,
        faultInjection: deps.faultInjection,
        reportError: (ref, error) =>
          deps.log(`loading ${page.url.pathname} failed (reference ${ref}, request ${page.reference})`, error),
      },
      {
        dehydrate: () => ({
          locale,
          currency,
          currencyDecimals: page.currencyDecimals,
          origin: deps.origin,
          messagesUrl: deps.locales.messagesUrl(locale),
          blockTypes: blockTypesOnPage(created),
          ...(deps.faultInjection ? { faultInjection: true } : {}),
        }),
        serializedOnce: serializedOnceInto(page.dataScripts),
      },
    );
    return created;
  }

  /** The plain error page, when the page or even its error page could not be rendered. */
  function failed(page: PageRender, error: unknown, what: string): RenderedPage {
    deps.log(`rendering ${page.url.pathname} failed, ${what} (reference ${page.reference})`, error);
    return {
      status: 500,
      headers: new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Content-Security-Policy': deps.policy.plainHtml }),
      body: utf8Of([fallbackPage(error, page.reference, page.translator)]),
    };
  }

  /** The router's facts once its loaders ran: what both ways of writing the page need. */
  interface Loaded {
    router: ShopRouter;
    headers: Headers;
    layout: LayoutData | undefined;
    /** The request as the HTML cache sees it; undefined when the layout's site did not load. */
    request: PartRequest | undefined;
    status: number;
    /** The router's data script, when it was written before the page (hydration-script.ts). */
    script: string | undefined;
    hydrationScripts: readonly string[];
    /** The page's key in the document cache, when it may be cached there. */
    documentKey: string | undefined;
  }

  function loaded(page: PageRender, router: ShopRouter, headers: Headers): Loaded {
    const { locale, currency } = page.prefs;
    const layout = router.state.matches[0]?.loaderData as LayoutData | undefined;
    const request = layout?.site && {
      url: page.url,
      site: { site: layout.site, currency },
      locale,
      translator: page.translator,
    };
    // A page whose blocks need no router in the browser ends with its islands instead (islands.ts).
    const islandsAssets = deps.assets.islands;
    const islandsPage =
      islandsAssets &&
      islandsPageOf(router, { locale, currency, origin: deps.origin, messagesUrl: deps.locales.messagesUrl(locale) });
    if (islandsPage) {
      page.islands = { page: islandsPage, entry: islandsAssets.entry };
      router.ssr = { manifest: islandsAssets.manifest };
    }
    const hydration = page.islands ? undefined : takeHydration(router);
    const script = hydration?.html;
    // Should the router not have written its data script yet, the tags <Scripts> takes are hashed.
    const hydrationScripts = hydration?.scripts ?? (page.islands ? [] : recordHydration(router));
    const status = pageStatus(router.state.matches, getSsrStatus(router));
    const documentKey =
      script !== undefined && request
        ? page.cache.documentKey({
            address: page.url.pathname + page.url.search,
            locale,
            currency,
            status,
            matches: router.state.matches,
          })
        : undefined;
    return { router, headers, layout, request, status, script, hydrationScripts, documentKey };
  }

  /** The page written from its cached document, when one fits: React renders only its per-request blocks. */
  async function fromDocument(page: PageRender, at: Loaded): Promise<RenderedPage | undefined> {
    if (at.documentKey === undefined || !at.request || at.script === undefined) return undefined;
    const cached = page.cache.document(at.documentKey, at.router, at.request, at.script);
    if (!cached) return undefined;
    // The router's end of a page rendered in one piece: its data script was written above.
    await transformHtmlStringWithRouter(at.router, '');
    at.headers.set(
      'Content-Security-Policy',
      deps.policy.page({
        scripts: scriptSources(at.router, at.hydrationScripts).concat(layoutScriptSources(at.layout)),
        styles: cached.styles.concat(shopStyleSources(at.layout)),
      }),
    );
    const { filled } = cached;
    // Its bytes laid out only if they are sent as they are (a browser that takes gzip gets the gzip).
    return {
      status: at.status,
      headers: at.headers,
      get body() {
        return filled.body;
      },
      gzipped: filled.gzipped,
    };
  }

  /** The page rendered by React now, parts from the HTML cache written in; cached as a document when it may be. */
  async function renderWhole(page: PageRender, at: Loaded): Promise<RenderedPage> {
    const { router } = at;
    const { islands } = page;
    const { head } = at.request && at.layout ? page.cache.prepare(router, at.request, at.layout) : { head: '' };
    const { html: body, error, leftOut } = await renderHtml(() => <RouterServer router={router} />);
    // A render error is a fault of the shop's own code: the plain error page says so, with a reference.
    if (error) return failed(page, error, 'a part of the page threw while rendering');
    // A block that threw is left out, the rest of the page is sent (renderer/page/left-out-block.tsx).
    for (const block of leftOut ?? [])
      deps.log(
        `rendering ${page.url.pathname}: block "${block.id}" (${block.type}) of page "${block.page}" threw and is left out (reference ${page.reference})`,
        block.error ?? new Error(`The ${block.type} block "${block.id}" threw while rendering.`),
      );
    // An islands page carries none of the router's data: nothing of the router's is added to it.
    const document = islands ? `<!DOCTYPE html>${body}` : await transformHtmlStringWithRouter(router, body);
    const inlined: string[] = [];
    const pieces = documentPieces(document, {
      styles: deps.assets.inlineStyles,
      inlined,
      head,
      ...(!islands && { eagerPreloads: entryStart }),
      bodyEnd:
        (islands ? '' : [...page.dataScripts.values()].join('')) +
        translationSnapshot(page.translator.entries()) +
        (deps.faultInjection && hasFault(true, { __fault: page.url.searchParams.get('__fault') }, 'inline-script')
          ? INJECTED_SCRIPT
          : ''),
    });
    const styles = inlined.map((href) => styleSources.get(href)!);
    at.headers.set(
      'Content-Security-Policy',
      deps.policy.page({
        scripts: scriptSources(router, at.hydrationScripts).concat(layoutScriptSources(at.layout)),
        styles: styles.concat(shopStyleSources(at.layout)),
      }),
    );
    if (at.documentKey !== undefined && at.request && at.script !== undefined)
      page.cache.rendered(at.documentKey, router, at.request, { document: pieces.join(''), script: at.script, styles });
    return { status: at.status, headers: at.headers, body: utf8Of(pieces) };
  }

  /**
   * Renders one request's page: router, loaders, then the page from a cached document or by React,
   * dehydrated state and translation snapshot. `reference`: the request id, which the error page shows
   * and the log names.
   */
  async function render(
    request: Request,
    site: Site,
    prefs: VisitorPrefs,
    reference: string,
    policy: CachePolicy,
  ): Promise<RenderedPage> {
    const page: PageRender = {
      url: new URL(request.url),
      site,
      prefs,
      currencyDecimals: site.currencies.find((c) => c.code === prefs.currency)?.decimals ?? 2,
      translator: recordingTranslator(deps.locales.translatorFor(prefs.locale)),
      reference,
      cache: deps.renderCache.forRender(policy),
      dataScripts: new Map(),
    };
    await ensureBlockComponents(allBlockTypes);
    const handle = createRequestHandler({
      request,
      getRouterManifest: () => routerManifest,
      createRouter: () => createRouterFor(page),
    });
    // The page is held as a string (the page cache encodes and compresses it in one go); the router is
    // handed a Response of it, and a redirect the router answers by itself is read back.
    let rendered: RenderedPage | undefined;
    const answer = (result: RenderedPage) => {
      rendered = result;
      // The router's Response is not read: no body (a string body would be encoded at once, for nothing).
      return new Response(null, { status: result.status, headers: result.headers });
    };
    const response = await handle(async ({ router, responseHeaders }) => {
      try {
        const at = loaded(page, router, responseHeaders);
        return answer((await fromDocument(page, at)) ?? (await renderWhole(page, at)));
      } catch (error) {
        return answer(failed(page, error, 'even its error page'));
      } finally {
        router.serverSsr?.cleanup();
      }
    });
    return rendered ?? { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
  }

  return async function renderPage(c: Context): Promise<Response> {
    const site = await deps.site();
    const prefs = visitorPrefs(c);
    const policy = deps.renderCache.policy(new URL(c.req.url));
    const shared = deps.renderCache.shared(c, policy);

    startTime(c, 'render');
    const response = await deps.pageCache.serve(
      c,
      { locale: prefs.locale, currency: prefs.currency },
      () => render(c.req.raw, site, prefs, requestIdOf(c), policy),
      shared,
    );
    endTime(c, 'render');

    // A page for everyone sets no cookie (a shared cache would hand it to everyone): a new visitor's browser
    // makes its own id (renderer/state/visitor-id.ts).
    const everyone = sharedCacheable(shared, prefs);
    if (!everyone) for (const cookie of prefs.cookies) response.headers.append('Set-Cookie', cookie);
    // The third-party origins this visitor allowed (none on a payment page): after the cache, which holds one policy for all.
    const pagePolicy = response.headers.get('Content-Security-Policy');
    const visitorPolicy = pagePolicy && (await deps.policy.forVisitor(c, c.req.path, pagePolicy));
    if (visitorPolicy !== pagePolicy) response.headers.set('Content-Security-Policy', visitorPolicy!);
    // docs/caching.md: a page for everyone may be kept by shared caches, a visitor's own only by their browser.
    const headers = cacheHeaders(everyone ? 'everyone' : shared ? 'visitor-shared' : 'private');
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}
