import { RouterContextProvider } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageView } from '../../schemas/generated/api';
import type { LayoutData } from '../../renderer/routes/root';
import type { Block } from '../../schemas/generated/page';
import { blockRegistry } from '../../blocks/generated/registry';
import type { BlockType } from '../../schemas/generated/block-types';
import { cachesView } from '../../renderer/cache-policy';
import { fixedTranslations } from '../../renderer/i18n/translations';
import { recordingTranslator, type RecordingTranslator } from '../../renderer/i18n/translator';
import { pageViewOf } from '../../renderer/page/page-view-of';
import { BlockBody } from '../../renderer/page/BlockView';
import type { LayoutPart } from '../../renderer/render-cache';
import type { ShopRouter } from '../../renderer/router';
import { PageHandleContext } from '../../renderer/state/page-context';
import { RenderTimeContext } from '../../renderer/state/render-time';
import type { SiteView } from '../../renderer/state/site-context';
import { menuItems } from '../../renderer/ui/layout/menu-items';
import { ShopProviders } from '../../renderer/ui/layout/ShopProviders';
import { SiteFooterContent } from '../../renderer/ui/layout/SiteFooter';
import { SiteHeaderContent } from '../../renderer/ui/layout/SiteHeader';
import type { PerRequestBlock } from './document-cache';

/** What the root route loads for the layout. */
export type { LayoutData };

interface Fragment {
  /** The part's HTML; null: this part cannot be cached (it put something in the document's head). */
  html: string | null;
  /** Image preloads React put in the document's head for it (its main image's): written into the head. */
  head?: string;
  /** What its render translated: a page written from it sends the browser the same strings. */
  entries: Record<string, string>;
}

/** React's preloads of a part's images, first in the part rendered alone (ResponsiveImage's `priority`). */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/** A cached route view: its HTML, by its loader data, and what it adds to the document's head. */
export interface CachedView {
  data: object;
  html: string;
  head: string;
}

/** How many parts (by address and device) one data object holds. */
const MAX_PARTS_PER_DATA = 500;

/** A route view's frame as CachedFrame (renderer/ui/frames.tsx) renders it. */
const FRAME_START = '<div class="cached-frame">';
const FRAME_END = '</div>';

/** React's marks around a Suspense boundary: the block's frame holds exactly one. */
const BOUNDARY_START = '<!--$-->';
const BOUNDARY_END = '<!--/$-->';

/** The request's facts a cached part depends on beside its data. */
export interface PartRequest {
  url: URL;
  site: SiteView;
  locale: string;
  translator: RecordingTranslator;
}

const deviceAndAddress = (request: PartRequest) => `${request.url.pathname}${request.url.search}`;

/** Whether a block is rendered every request (its manifest says so, or one of its children's does). */
function perRequest(block: Block): boolean {
  if (blockRegistry[block.type as BlockType]?.drawnPerRequest) return true;
  return 'blocks' in block && Array.isArray(block.blocks) && block.blocks.some(perRequest);
}

/** A block's frame as BlockView opens it. */
const blockFrame = (block: Block) => `<div class="block block--${block.type}" id="${block.id}" data-block-type="${block.type}">`;

export function createHtmlCache() {
  /** Per block data object (one page version, locale and currency): its blocks by device and address. */
  const byData = new WeakMap<object, Map<string, Fragment>>();
  /** Per site object, then menus object: the header and footer by locale, currency, device and address. */
  const byLayout = new WeakMap<object, WeakMap<object, Map<string, Fragment>>>();

  function partsOf<K extends object>(owners: WeakMap<K, Map<string, Fragment>>, owner: K): Map<string, Fragment> {
    let parts = owners.get(owner);
    if (!parts) owners.set(owner, (parts = new Map()));
    if (parts.size > MAX_PARTS_PER_DATA) parts.clear();
    return parts;
  }

  /** The part as cached (its strings recorded for this page), or rendered now and cached; its html null: not cacheable. */
  function cachedOrRendered(parts: Map<string, Fragment>, key: string, request: PartRequest, renderNow: () => Fragment) {
    let fragment = parts.get(key);
    if (fragment) request.translator.record(fragment.entries);
    else parts.set(key, (fragment = renderNow()));
    return fragment;
  }

  /** Renders a part alone, inside what the page gives it: the router, its providers, its strings (recorded). */
  function renderAlone(
    node: ReactNode,
    router: ShopRouter,
    request: PartRequest,
    cacheable: (html: string) => boolean,
  ): Fragment {
    const recorder = recordingTranslator(request.translator);
    const html = renderToString(
      <RouterContextProvider router={router}>
        <ShopProviders translations={fixedTranslations(recorder)} site={request.site} api={router.options.context.api}>
          {node}
        </ShopProviders>
      </RouterContextProvider>,
    );
    return { html: cacheable(html) ? html : null, entries: recorder.entries() };
  }

  /** A block's frame holds exactly its boundary: anything else (a preload put first) is not the block's alone. */
  const wholeBlock = (html: string) =>
    html.startsWith(BOUNDARY_START) && html.endsWith(BOUNDARY_END) && !html.includes('<!--$!-->');
  /** Anything React would put in the document's head comes first in a part rendered alone. */
  const wholePart = (html: string) => !/^<(link|meta|title|style|script)\b/.test(html);
  /**
   * A route view rendered alone: its CachedFrame's content, the leading image preloads (its main image's:
   * `fetchPriority="high"`) set apart; null when it is not exactly one frame.
   */
  const viewContent = (fragment: Fragment): Fragment => {
    const head = fragment.html === null ? '' : (LEADING_IMAGE_PRELOADS.exec(fragment.html)?.[0] ?? '');
    const html = fragment.html?.slice(head.length) ?? null;
    const whole = html !== null && html.startsWith(FRAME_START) && html.endsWith(FRAME_END);
    const content = whole ? html.slice(FRAME_START.length, -FRAME_END.length) : null;
    return { html: content !== null && wholePart(content) ? content : null, head, entries: fragment.entries };
  };

  /**
   * The blocks' HTML of every page view the router loaded for this request, rendered now where none is
   * cached. Call after the router has loaded and before the page renders (React cannot render inside a render).
   */
  function blocks(router: ShopRouter, request: PartRequest): Map<PageView, Map<string, string>> {
    const prepared = new Map<PageView, Map<string, string>>();
    for (const match of router.state.matches) {
      const view = pageViewOf(match.loaderData);
      if (!view) continue;
      const parts = partsOf(byData, view.data);
      const html = new Map<string, string>();
      for (const block of view.page.blocks) {
        if (block.hidden || perRequest(block)) continue;
        const rendered = cachedOrRendered(parts, `${deviceAndAddress(request)}|${block.id}`, request, () =>
          renderAlone(<BlockBody block={block} data={view.data} />, router, request, wholeBlock),
        ).html;
        if (rendered !== null) html.set(block.id, rendered);
      }
      prepared.set(view, html);
    }
    return prepared;
  }

  /**
   * The header's and footer's HTML for this request (`data`: the root loader's), rendered now where none
   * is cached. Like blocks(): after the router has loaded, before the page renders.
   */
  function layout(router: ShopRouter, request: PartRequest, data: LayoutData): Map<LayoutPart, string> {
    let bySite = byLayout.get(data.site);
    if (!bySite) byLayout.set(data.site, (bySite = new WeakMap()));
    const parts = partsOf(bySite, data.menus);
    const key = `${request.locale}|${request.site.currency}|${deviceAndAddress(request)}`;
    const prepared = new Map<LayoutPart, string>();
    const header = cachedOrRendered(parts, `header|${key}`, request, () =>
      renderAlone(<SiteHeaderContent menu={menuItems(data.menus, 'main-menu')} />, router, request, wholePart),
    ).html;
    if (header !== null) prepared.set('header', header);
    // The footer also shows the payment icons: cached by their list too.
    const footer = cachedOrRendered(parts, `footer|${key}|${paymentIconsKey(data.paymentIcons)}`, request, () =>
      renderAlone(
        <SiteFooterContent menu={menuItems(data.menus, 'footer')} paymentIcons={data.paymentIcons} />,
        router,
        request,
        wholePart,
      ),
    ).html;
    if (footer !== null) prepared.set('footer', footer);
    return prepared;
  }

  /**
   * The view of this request's route when it declares `staticData.cacheView` (the product and collection
   * pages), rendered now where none is cached: its own component, alone. Cached by its loader data (one
   * object while its parts stay the same, per locale and currency: product-data.ts, collection.tsx),
   * device and address (the chosen variant, the listing's sort, filters and page are in it). Like
   * blocks(): after the router has loaded, before the page renders.
   */
  function view(router: ShopRouter, request: PartRequest): CachedView | undefined {
    const match = router.state.matches.at(-1);
    if (!match || match.status !== 'success' || !match.loaderData || !cachesView(router, match.routeId)) return undefined;
    const View = router.routesById[match.routeId]?.options.component as ComponentType | undefined;
    if (!View) return undefined;
    const data = match.loaderData as object;
    const { html, head = '' } = cachedOrRendered(partsOf(byData, data), deviceAndAddress(request), request, () =>
      viewContent(renderAlone(<View />, router, request, () => true)),
    );
    return html === null ? undefined : { data, html, head };
  }

  /**
   * The blocks of this request's page views rendered every request (the countdown), each rendered alone
   * now in what the page gives it (its clock and handle, as the islands entry does): the holes of a cached
   * document (document-cache.ts). Undefined when one of them cannot be rendered alone.
   */
  function perRequestBlocks(router: ShopRouter, request: PartRequest): PerRequestBlock[] | undefined {
    const rendered: PerRequestBlock[] = [];
    for (const match of router.state.matches) {
      const view = pageViewOf(match.loaderData);
      if (!view) continue;
      for (const block of view.page.blocks) {
        if (block.hidden || !perRequest(block)) continue;
        const { html } = renderAlone(
          <RenderTimeContext.Provider value={view.now}>
            <PageHandleContext.Provider value={view.page.handle}>
              <BlockBody block={block} data={view.data} />
            </PageHandleContext.Provider>
          </RenderTimeContext.Provider>,
          router,
          request,
          wholeBlock,
        );
        if (html === null) return undefined;
        rendered.push({ id: block.id, frame: blockFrame(block), html });
      }
    }
    return rendered;
  }

  /** Payment icon lists by object: a short id each, so the footer's key names the list it was rendered with. */
  const iconLists = new WeakMap<object, number>();
  let nextIconList = 0;
  function paymentIconsKey(icons: object): number {
    let id = iconLists.get(icons);
    if (id === undefined) iconLists.set(icons, (id = ++nextIconList));
    return id;
  }

  return { blocks, layout, view, perRequestBlocks };
}
