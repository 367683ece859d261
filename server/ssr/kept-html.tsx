// Parts of a page drawn once, written many times (issue 10): the blocks of theme pages, the layout's
// header and footer, and the views of the product and collection pages.
//
// A block's HTML depends on its settings (the page version), its data, the locale and currency (the block
// data object is made per page version, locale and currency, server/ssr/page-view.ts), whether the
// visitor is on a phone, and the address (a link to the page itself is marked current). So the HTML of
// each block is kept beside its data object, by visitor kind and address, and goes when the data goes
// (its TTL, a page save, a change in another process). A page rendered again writes the kept HTML into
// the block's frame; the browser hydrates it as usual, since it is what React drew for the same block.
// Blocks drawn from the request itself (the countdown uses the server's clock) are drawn every time, and
// so is any block whose drawing asks React to put something in the document's head (its HTML would not
// be the block's alone).
//
// The header and footer depend on the site, the menus (and the footer on the payment icons), the locale,
// currency, phone or desktop and the address (the language form keeps the path, the current link is
// marked): their HTML is kept beside the site and menu objects the server caches, by the rest.
//
// The view of a product's page (alone or in a collection) or a collection's depends on its loader data
// (one object per locale and currency while its parts stay the same), phone or desktop and the address
// (the chosen variant; the listing's sort, filters and page): kept beside that object, by the rest. React puts its main images' preloads first in
// the view drawn alone: they are kept apart and written into the page's head. Its ids are not React's
// useId, which numbers a part drawn alone differently from the same part drawn in the page.
import { RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppConfig, DictEntry, Menu, PageView, Site } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import { blockRegistry } from '../../blocks/generated/registry';
import type { BlockType } from '../../schemas/generated/block-types';
import { TranslationsProvider } from '../../renderer/i18n/react-i18n';
import { fixedTranslations } from '../../renderer/i18n/translations';
import { recordingTranslator, type RecordingTranslator } from '../../renderer/i18n/translator';
import { pageViewOf } from '../../renderer/page/page-view-of';
import { BlockBody } from '../../renderer/page/BlockView';
import type { ShopRouter } from '../../renderer/router';
import { ApiContext } from '../../renderer/state/api-context';
import { PageHandleContext } from '../../renderer/state/page-context';
import { RenderTimeContext } from '../../renderer/state/render-time';
import { ShopStateProvider } from '../../renderer/state/shop-state';
import { SiteContext, type SiteView } from '../../renderer/state/site-context';
import { menuItems, type LayoutPart } from '../../renderer/ui/layout/kept-layout';
import { SiteFooterContent } from '../../renderer/ui/layout/SiteFooter';
import { SiteHeaderContent } from '../../renderer/ui/layout/SiteHeader';
import { ProductPage } from '../../renderer/ui/product/ProductPage';
import { CollectionPage } from '../../renderer/routes/views/CollectionView';
import { CollectionProductPage } from '../../renderer/routes/views/CollectionProductView';
import { parseListingSearch } from '../../renderer/ui/listing/listing-search';
import type { ProductPageData } from '../../renderer/ui/product/product-page-data';
import type { DrawnBlock } from './kept-document';

/** What the root route loads for the layout (renderer/routes/root.tsx). */
export interface LayoutData {
  site: Site;
  menus: Menu[];
  paymentIcons: DictEntry[];
  /** The shop's apps (its custom CSS among them: render-page.tsx allows it by hash). */
  apps: AppConfig[];
}

interface Fragment {
  /** The part's HTML; null: this part cannot be kept (it put something in the document's head). */
  html: string | null;
  /** Image preloads React put in the document's head for it (its main image's): written into the head. */
  head?: string;
  /** What its drawing translated: a page written from it sends the browser the same strings. */
  entries: Record<string, string>;
}

/** The route views kept (in a KeptFrame), by route id: how each is drawn from its match. */
const keptViews: Record<string, (loaderData: never, search: never) => ReactNode> = {
  '/products/$handle': (data: ProductPageData, search: { variant?: number }) => (
    <ProductPage key={data.product.handle} data={data} variant={search.variant} />
  ),
  '/collections/$handle': (data: Parameters<typeof CollectionPage>[0]['data'], search: Record<string, unknown>) => (
    <CollectionPage data={data} search={parseListingSearch(search)} />
  ),
  '/collections/$collection/products/$handle': (
    data: Parameters<typeof CollectionProductPage>[0]['data'],
    search: { variant?: number },
  ) => <CollectionProductPage data={data} variant={search.variant} />,
};

/** React's preloads of a part's images, first in the part drawn alone (ResponsiveImage's `priority`). */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/** A route view kept: its HTML, by its loader data, and what it adds to the document's head. */
export interface KeptView {
  data: object;
  html: string;
  head: string;
}

/** How many parts (by address and visitor kind) one data object keeps. */
const MAX_KEPT_PER_DATA = 500;

/** React's marks around a Suspense boundary: the block's frame holds exactly one. */
const BOUNDARY_START = '<!--$-->';
const BOUNDARY_END = '<!--/$-->';

/** The request's facts a kept part depends on beside its data. */
interface PartRequest {
  url: URL;
  site: SiteView;
  translator: RecordingTranslator;
}

const visitorKind = (request: PartRequest) =>
  `${request.site.mobile ? 'phone' : 'desktop'}|${request.url.pathname}${request.url.search}`;

function drawnPerRequest(block: Block): boolean {
  if (blockRegistry[block.type as BlockType]?.drawnPerRequest) return true;
  return 'blocks' in block && Array.isArray(block.blocks) && block.blocks.some(drawnPerRequest);
}

/** A block's frame as BlockView opens it. */
const blockFrame = (block: Block) => `<div class="block block--${block.type}" id="${block.id}" data-block-type="${block.type}">`;

export function createKeptHtml() {
  /** Per block data object (one page version, locale and currency): its blocks by visitor kind and address. */
  const byData = new WeakMap<object, Map<string, Fragment>>();
  /** Per site object, then menus object: the header and footer by locale, currency, visitor kind and address. */
  const byLayout = new WeakMap<object, WeakMap<object, Map<string, Fragment>>>();

  function keptIn<K extends object>(owners: WeakMap<K, Map<string, Fragment>>, owner: K): Map<string, Fragment> {
    let parts = owners.get(owner);
    if (!parts) owners.set(owner, (parts = new Map()));
    if (parts.size > MAX_KEPT_PER_DATA) parts.clear();
    return parts;
  }

  /** The part as kept (its strings recorded for this page), or drawn now and kept; its html null: not keepable. */
  function keptOrDrawn(parts: Map<string, Fragment>, key: string, request: PartRequest, drawNow: () => Fragment) {
    let fragment = parts.get(key);
    if (fragment) request.translator.record(fragment.entries);
    else parts.set(key, (fragment = drawNow()));
    return fragment;
  }

  /** Draws a part alone, inside what the page gives it: the router, its strings (recorded), site and shop state. */
  function draw(node: ReactNode, router: ShopRouter, request: PartRequest, keepable: (html: string) => boolean): Fragment {
    const recorder = recordingTranslator(request.translator);
    const html = renderToString(
      <RouterContextProvider router={router}>
        <TranslationsProvider translations={fixedTranslations(recorder)}>
          <SiteContext.Provider value={request.site}>
            <ApiContext.Provider value={router.options.context.api}>
              <ShopStateProvider>{node}</ShopStateProvider>
            </ApiContext.Provider>
          </SiteContext.Provider>
        </TranslationsProvider>
      </RouterContextProvider>,
    );
    return { html: keepable(html) ? html : null, entries: recorder.entries() };
  }

  /** A block's frame holds exactly its boundary: anything else (a preload put first) is not the block's alone. */
  const wholeBlock = (html: string) =>
    html.startsWith(BOUNDARY_START) && html.endsWith(BOUNDARY_END) && !html.includes('<!--$!-->');
  /** Anything React would put in the document's head comes first in a part drawn alone. */
  const wholePart = (html: string) => !/^<(link|meta|title|style|script)\b/.test(html);
  /** A part drawn alone, its leading image preloads (its main image's: `fetchPriority="high"`) put apart. */
  const withoutPreloads = (fragment: Fragment): Fragment => {
    const head = fragment.html === null ? '' : (LEADING_IMAGE_PRELOADS.exec(fragment.html)?.[0] ?? '');
    const html = fragment.html?.slice(head.length) ?? null;
    return { html: html !== null && wholePart(html) ? html : null, head, entries: fragment.entries };
  };

  /**
   * The blocks' HTML of every page view the router loaded for this request, drawn now where none is
   * kept. Call after the router has loaded and before the page renders (React cannot draw inside a render).
   */
  function blocks(router: ShopRouter, request: PartRequest): Map<PageView, Map<string, string>> {
    const prepared = new Map<PageView, Map<string, string>>();
    for (const match of router.state.matches) {
      const view = pageViewOf(match.loaderData);
      if (!view) continue;
      const parts = keptIn(byData, view.data);
      const html = new Map<string, string>();
      for (const block of view.page.blocks) {
        if (block.hidden || drawnPerRequest(block)) continue;
        const drawn = keptOrDrawn(parts, `${visitorKind(request)}|${block.id}`, request, () =>
          draw(<BlockBody block={block} data={view.data} />, router, request, wholeBlock),
        ).html;
        if (drawn !== null) html.set(block.id, drawn);
      }
      prepared.set(view, html);
    }
    return prepared;
  }

  /**
   * The header's and footer's HTML for this request (`data`: the root loader's), drawn now where none is
   * kept. Like blocks(): after the router has loaded, before the page renders.
   */
  function layout(router: ShopRouter, request: PartRequest & { locale: string }, data: LayoutData): Map<LayoutPart, string> {
    let bySite = byLayout.get(data.site);
    if (!bySite) byLayout.set(data.site, (bySite = new WeakMap()));
    const parts = keptIn(bySite, data.menus);
    const key = `${request.locale}|${request.site.currency}|${visitorKind(request)}`;
    const prepared = new Map<LayoutPart, string>();
    const header = keptOrDrawn(parts, `header|${key}`, request, () =>
      draw(<SiteHeaderContent menu={menuItems(data.menus, 'main-menu')} />, router, request, wholePart),
    ).html;
    if (header !== null) prepared.set('header', header);
    // The footer also shows the payment icons: kept by their list too.
    const footer = keptOrDrawn(parts, `footer|${key}|${paymentIconsKey(data.paymentIcons)}`, request, () =>
      draw(
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
   * The view of a product's or a collection's page (renderer/routes/views/ProductView.tsx,
   * CollectionProductView.tsx, CollectionView.tsx) for this request, drawn now where none is kept, by its loader data (one object
   * while its parts stay the same, per locale and currency: product-data.ts, collection.tsx) and visitor
   * kind and address (the chosen variant, the listing's sort, filters and page are in it). Like blocks():
   * after the router has loaded, before the page renders.
   */
  function view(router: ShopRouter, request: PartRequest): KeptView | undefined {
    const match = router.state.matches.at(-1);
    const drawView = match && keptViews[match.routeId];
    if (!drawView || match.status !== 'success' || !match.loaderData) return undefined;
    const data = match.loaderData as object;
    const { html, head = '' } = keptOrDrawn(keptIn(byData, data), visitorKind(request), request, () =>
      withoutPreloads(draw(drawView(match.loaderData as never, match.search as never), router, request, () => true)),
    );
    return html === null ? undefined : { data, html, head };
  }

  /**
   * The blocks of this request's page views drawn every request (the countdown), each drawn alone now in
   * what the page gives it (its clock and handle, as the islands entry does): the holes of a kept
   * document (kept-document.ts). Undefined when one of them cannot be drawn alone.
   */
  function everyRequest(router: ShopRouter, request: PartRequest): DrawnBlock[] | undefined {
    const drawn: DrawnBlock[] = [];
    for (const match of router.state.matches) {
      const view = pageViewOf(match.loaderData);
      if (!view) continue;
      for (const block of view.page.blocks) {
        if (block.hidden || !drawnPerRequest(block)) continue;
        const { html } = draw(
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
        drawn.push({ id: block.id, frame: blockFrame(block), html });
      }
    }
    return drawn;
  }

  /** Payment icon lists by object: a short id each, so the footer's key names the list it was drawn with. */
  const iconLists = new WeakMap<object, number>();
  let nextIconList = 0;
  function paymentIconsKey(icons: object): number {
    let id = iconLists.get(icons);
    if (id === undefined) iconLists.set(icons, (id = ++nextIconList));
    return id;
  }

  return { blocks, layout, view, everyRequest };
}
