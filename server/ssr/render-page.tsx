// Request -> router -> HTML. Loaders (site, page view, block loads) all finish before the first
// byte; the HTML is rendered in one piece and carries the dehydrated data the browser hydrates from.
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { getScrollRestorationScriptForRouter } from '@tanstack/router-core/scroll-restoration-script';
import { createRequestHandler, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { endTime, startTime } from 'hono/timing';
import type { Site } from '../../schemas/generated/api';
import { blockTypesOf } from '../../schemas/page-blocks';
import { allBlockTypes, ensureBlockComponents } from '../../renderer/page/block-components';
import { cachePolicy } from '../../renderer/cache-policy';
import { pageViewOf } from '../../renderer/page/page-view-of';
import { composedOf, serializedOnceInto, serializeOnce } from '../../renderer/serialize-once';
import { createShopRouter, type ShopRouter } from '../../renderer/router';
import { hasFault } from '../../renderer/routes/injected-faults';
import { TRANSLATION_SNAPSHOT_ID, type IslandsScripts, type RouterContext } from '../../renderer/router-context';
import { fixedTranslations } from '../../renderer/i18n/translations';
import { scriptJson } from '../../renderer/ui/script-json';
import { recordingTranslator } from '../../renderer/i18n/translator';
import type { LayoutPart } from '../../renderer/ui/layout/kept-layout';
import { shopStyleText } from '../../renderer/routes/root';
import type { PageView } from '../../schemas/generated/api';
import type { ClientAssets } from './client-assets';
import { hashSource, rememberedHashes, type ContentSecurityPolicy } from './content-security-policy';
import { recordHydration, takeHydration } from './hydration-script';
import { createKeptDocuments, documentKey, fill, templateOf, type DocumentTemplate } from './kept-document';
import { createKeptHtml, type KeptView, type LayoutData } from './kept-html';
import { fallbackPage } from './fallback-page';
import { deferModulePreloads } from './deferred-preloads';
import { islandsPageOf } from './islands';
import type { PageCache, RenderedPage } from './page-cache';
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

/** The strings this page was rendered with, for the browser's first render (before i18next loads). */
function translationSnapshot(entries: Record<string, string>): string {
  return `<script type="application/json" id="${TRANSLATION_SNAPSHOT_ID}">${scriptJson(entries)}</script>`;
}

/**
 * The page's block stylesheets written into its head (each small) instead of linked: they block the
 * first paint, and four or five of them waited for connections beside the page's scripts (a funnel
 * checkout's first paint). In the form React gives its own inline stylesheets, so React knows them.
 */
export function inlineBlockStyles(head: string, styles: Record<string, string> | undefined, inlined?: string[]): string {
  if (!styles) return head;
  return head.replace(/<link rel="stylesheet" href="([^"]+)" data-precedence="blocks"\/>/g, (link, href: string) => {
    const css = styles[href];
    if (css === undefined) return link;
    inlined?.push(href);
    return `<style data-precedence="blocks" data-href="${href}">${inlineStyleText(css)}</style>`;
  });
}

/** A block stylesheet's text as written into a page: nothing in it closes the element. */
const inlineStyleText = (css: string) => css.replace(/<\//g, '<\\/');

/**
 * The document as sent, in UTF-8: its head with the block stylesheets written in and `head` added, and
 * `bodyEnd` (the translation snapshot) just before `</body>`. A page is searched once and encoded
 * once, in pieces: each search of a page made by joining strings copies it whole first, and a regular
 * expression over all of it costs more, where only the head can hold a stylesheet link.
 */
export function documentBytes(document: string, added: DocumentAdditions) {
  return utf8Of(documentPieces(document, added));
}

interface DocumentAdditions {
  styles: Record<string, string> | undefined;
  /** Filled with the hrefs of the stylesheets written in. */
  inlined?: string[];
  head: string;
  bodyEnd: string;
  /**
   * When set, the head's module preloads but these wait for the page's main paint (deferred-preloads.ts):
   * a page the router hydrates, not an islands page (whose entry imports its islands' code at once).
   */
  keptPreloads?: ReadonlySet<string>;
}

/** The document as sent, in the pieces documentBytes encodes. */
function documentPieces(document: string, added: DocumentAdditions): string[] {
  const headEnd = Math.max(0, document.indexOf('</head>'));
  const bodyEnd = document.lastIndexOf('</body>');
  const end = bodyEnd < headEnd ? document.length : bodyEnd;
  const head = inlineBlockStyles(document.slice(0, headEnd), added.styles, added.inlined);
  const deferred = added.keptPreloads ? deferModulePreloads(head, added.keptPreloads) : { head, script: '' };
  return [deferred.head, added.head, document.slice(headEnd, end), deferred.script + added.bodyEnd, document.slice(end)];
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
  const kept = createKeptHtml();
  const entryStart = new Set(deps.assets.entryStart ?? []);
  const documents = createKeptDocuments();
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
  /** The block stylesheets a kept document carries, as policy sources. */
  const templateStyles = new WeakMap<DocumentTemplate, string[]>();
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

  /**
   * Renders one request's page: router, loaders, React, dehydrated state, translation snapshot.
   * `reference`: the request id, which the error page shows and the log names.
   */
  async function render(request: Request, site: Site, prefs: VisitorPrefs, reference: string): Promise<RenderedPage> {
    const { locale, currency, mobile } = prefs;
    const currencyDecimals = site.currencies.find((c) => c.code === currency)?.decimals ?? 2;
    const url = new URL(request.url);
    const translator = recordingTranslator(deps.locales.translatorFor(locale));
    let fragments: Map<PageView, Map<string, string>> | undefined;
    let layoutParts: Map<LayoutPart, string> | undefined;
    let keptView: KeptView | undefined;
    let islands: IslandsScripts | undefined;
    /** The JSON scripts of the objects the router's data names by id (serialize-once.ts). */
    const dataScripts = new Map<string, string>();
    await ensureBlockComponents(allBlockTypes);
    const handle = createRequestHandler({
      request,
      getRouterManifest: () => routerManifest,
      createRouter: () => {
        const created = createShopRouter(
          {
            api: deps.apiFor({ locale, currency }),
            site: serializeOnce(site),
            currency,
            currencyDecimals,
            mobile,
            origin: deps.origin,
            visitorId: prefs.visitorId,
            translations: fixedTranslations(translator),
            blockAssets: (type) => (islands ? islandsBlockAssets(islands, type) : blockAssets(type)),
            islands: () => islands,
            blockFragments: (view) => fragments?.get(view),
            keptLayout: (part) => layoutParts?.get(part),
            keptView: (data) => (keptView?.data === data ? keptView.html : undefined),
            composedOf,
            faultInjection: deps.faultInjection,
            reportError: (ref, error) =>
              deps.log(`loading ${url.pathname} failed (reference ${ref}, request ${reference})`, error),
          },
          {
            dehydrate: () => ({
              locale,
              currency,
              currencyDecimals,
              mobile,
              origin: deps.origin,
              messagesUrl: deps.locales.messagesUrl(locale),
              blockTypes: blockTypesOnPage(created),
              ...(deps.faultInjection ? { faultInjection: true } : {}),
            }),
            serializedOnce: serializedOnceInto(dataScripts),
          },
        );
        return created;
      },
    });
    // The page is kept as a string (the page cache encodes and compresses it in one go); the router is
    // handed a Response of it, and a redirect the router answers by itself is read back.
    let page: RenderedPage | undefined;
    const answer = (rendered: RenderedPage) => {
      page = rendered;
      // The router's Response is not read: no body (a string body would be encoded at once, for nothing).
      return new Response(null, { status: rendered.status, headers: rendered.headers });
    };
    const fail = (error: unknown, what: string) => {
      deps.log(`rendering ${url.pathname} failed, ${what} (reference ${reference})`, error);
      return answer({
        status: 500,
        headers: new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Content-Security-Policy': deps.policy.plainHtml }),
        body: utf8Of([fallbackPage(error, reference, translator)]),
      });
    };
    const response = await handle(async ({ router, responseHeaders }) => {
      try {
        const layout = router.state.matches[0]?.loaderData as LayoutData | undefined;
        const request = layout?.site && { url, site: { site: layout.site, currency, mobile }, translator, locale };
        // A page whose blocks need no router in the browser ends with its islands instead (islands.ts).
        const islandsAssets = deps.assets.islands;
        const islandsPage =
          islandsAssets &&
          islandsPageOf(router, { locale, currency, origin: deps.origin, messagesUrl: deps.locales.messagesUrl(locale) });
        if (islandsPage) {
          islands = { page: islandsPage, entry: islandsAssets.entry };
          router.ssr = { manifest: islandsAssets.manifest };
        }
        // A page drawn before from the same data is written from its template (kept-document.ts).
        const hydration = islands ? undefined : takeHydration(router);
        const script = hydration?.html;
        // Should the router not have written its data script yet, the tags <Scripts> takes are hashed.
        const hydrationScripts = hydration?.scripts ?? (islands ? [] : recordHydration(router));
        const status = getSsrStatus(router);
        const key =
          script !== undefined && request
            ? documentKey({
                address: url.pathname + url.search,
                locale,
                currency,
                mobile,
                status,
                matches: router.state.matches,
              })
            : undefined;
        const template = key !== undefined ? documents.get(key) : undefined;
        if (template && request && script !== undefined) {
          const blocks = kept.everyRequest(router, request);
          const filled = blocks && fill(template, { blocks, script, entries: translator.entries() });
          if (filled) {
            // The router's end of a page drawn in one piece: its data script was written above.
            await transformHtmlStringWithRouter(router, '');
            responseHeaders.set(
              'Content-Security-Policy',
              deps.policy.page({
                scripts: scriptSources(router, hydrationScripts),
                styles: (templateStyles.get(template) ?? []).concat(shopStyleSources(layout)),
              }),
            );
            // Its bytes laid out only if they are sent as they are (a browser that takes gzip gets the gzip).
            return answer({
              status,
              headers: responseHeaders,
              get body() {
                return filled.body;
              },
              gzipped: filled.gzipped,
            });
          }
        }
        // Parts drawn for earlier requests are written as they were (kept-html.tsx); the rest is drawn now.
        if (request && layout) {
          fragments = kept.blocks(router, request);
          layoutParts = kept.layout(router, request, layout);
          keptView = kept.view(router, request);
        }
        const { html: body, error, leftOut } = await renderHtml(() => <RouterServer router={router} />);
        // A render error is a fault of the shop's own code: the plain error page says so, with a reference.
        if (error) return fail(error, 'a part of the page threw while rendering');
        // A block that threw is left out, the rest of the page is sent (renderer/page/left-out-block.tsx).
        for (const block of leftOut ?? [])
          deps.log(
            `rendering ${url.pathname}: block "${block.id}" (${block.type}) of page "${block.page}" threw and is left out (reference ${reference})`,
            block.error ?? new Error(`The ${block.type} block "${block.id}" threw while rendering.`),
          );
        // An islands page carries none of the router's data: nothing of the router's is added to it.
        const document = islands ? `<!DOCTYPE html>${body}` : await transformHtmlStringWithRouter(router, body);
        const inlined: string[] = [];
        const pieces = documentPieces(document, {
          styles: deps.assets.inlineStyles,
          inlined,
          // The kept view's image preloads, which React would have put in the head had it drawn the view now.
          head: keptView?.head ?? '',
          ...(!islands && { keptPreloads: entryStart }),
          bodyEnd:
            (islands ? '' : [...dataScripts.values()].join('')) +
            translationSnapshot(translator.entries()) +
            (deps.faultInjection && hasFault(true, { __fault: url.searchParams.get('__fault') }, 'inline-script')
              ? INJECTED_SCRIPT
              : ''),
        });
        const styles = inlined.map((href) => styleSources.get(href)!);
        responseHeaders.set(
          'Content-Security-Policy',
          deps.policy.page({ scripts: scriptSources(router, hydrationScripts), styles: styles.concat(shopStyleSources(layout)) }),
        );
        // A page drawn a second time from the same data is kept as a template.
        if (key !== undefined && request && script !== undefined && documents.wanted(key)) {
          const blocks = kept.everyRequest(router, request);
          const template = blocks && templateOf(pieces.join(''), { blocks, script, entries: translator.entries() });
          if (template) templateStyles.set(template, styles);
          documents.keep(key, template);
        }
        return answer({ status, headers: responseHeaders, body: utf8Of(pieces) });
      } catch (error) {
        return fail(error, 'even its error page');
      } finally {
        router.serverSsr?.cleanup();
      }
    });
    return page ?? { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
  }

  // Matches paths to routes, for the policy each route declares (renderer/cache-policy.ts).
  const matcher = createShopRouter({} as RouterContext);

  /**
   * Whether a page may be kept and served to every visitor: its route is public, the visitor is not
   * signed in (spec section 3: the token cookie; a signed-in visitor's pages are their own), and it is
   * not a merchant's preview (or a test build's injected fault), which must show the newest page.
   */
  function isShared(c: Context, url: URL): boolean {
    if (cachePolicy(matcher, url.pathname) === 'private') return false;
    if (getCookie(c, 'token')) return false;
    return !['preview', 'overview', '__fault'].some((name) => url.searchParams.has(name));
  }

  return async function renderPage(c: Context): Promise<Response> {
    const site = await deps.site();
    const prefs = visitorPrefs(c);
    const shared = isShared(c, new URL(c.req.url));

    startTime(c, 'render');
    const response = await deps.pageCache.serve(
      c,
      { locale: prefs.locale, currency: prefs.currency, variant: prefs.mobile ? 'mobile' : 'desktop' },
      () => render(c.req.raw, site, prefs, requestIdOf(c)),
      shared,
    );
    endTime(c, 'render');

    for (const cookie of prefs.cookies) response.headers.append('Set-Cookie', cookie);
    // The third-party origins this visitor allowed (none on a payment page): after the cache, which keeps one policy for all.
    const policy = response.headers.get('Content-Security-Policy');
    const visitorPolicy = policy && deps.policy.forVisitor(c, c.req.path, policy);
    if (visitorPolicy !== policy) response.headers.set('Content-Security-Policy', visitorPolicy!);
    // Browsers and proxies may keep a shared page but must ask again each time; a private one, never.
    response.headers.set('Cache-Control', shared ? 'no-cache' : 'private, no-store');
    response.headers.set('Vary', 'Cookie, Accept-Language, User-Agent, Accept-Encoding');
    return response;
  };
}
