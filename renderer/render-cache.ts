// What the server's render cache (server/ssr/render-cache.ts) gives one render: HTML rendered for an
// earlier request from the same data, and loader results that stay the same object while their parts do.
// One field of the router context (`renderCache`), set on the server only: in the browser, and in a
// render that must not use the cache, it is absent and everything is rendered and made now.
import type { PageView } from '../schemas/generated/api';

/** The layout's parts the render cache may hold: the header and the footer. */
export type LayoutPart = 'header' | 'footer';

export interface RenderCache {
  /** A page view's blocks as rendered for an earlier request, by block id; the others are rendered now. */
  blocks(view: PageView): ReadonlyMap<string, string> | undefined;
  /** The header's or footer's content as rendered for an earlier request. */
  layout(part: LayoutPart): string | undefined;
  /** A route view's HTML as rendered for an earlier request from this loader data (`staticData.cacheView`). */
  view(loaderData: object): string | undefined;
  /**
   * An object made of `parts`, the same object while they are (renderer/serialize-once.ts `composedOf`):
   * serialized once, and the key the cached HTML and documents are found by. Given here so that route
   * data modules, which lazy views import too, do not import it.
   */
  composedOf<T extends object>(parts: readonly unknown[], make: () => T): T;
}

/**
 * A loader's result made of `parts`: on the server the same object while they are (so it is serialized
 * once and its HTML found in the cache); elsewhere made now.
 */
export function composed<T extends object>(context: { renderCache?: RenderCache }, parts: readonly unknown[], make: () => T): T {
  return context.renderCache ? context.renderCache.composedOf(parts, make) : make();
}
