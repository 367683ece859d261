// Which pages may be cached and served to every visitor: a route says so in its `staticData`
// (`cache: 'public'`); every other page is private, the visitor's own (a cart, a checkout, an order, a
// funnel step, and later an account's pages): never in the page cache or the document cache, never
// shared between visitors. A route that forgets to declare itself is private: the safe mistake.
import type { AnyRouter } from '@tanstack/react-router';

export type CachePolicy = 'public' | 'private';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * `public`: the page is the same for every visitor of a locale, currency and device, and may be
     * cached and shared (server/ssr/render-cache.ts). Undeclared: private.
     */
    cache?: 'public';
    /**
     * The route's view (its lazy `component`, whose content sits in a CachedFrame) is rendered once per
     * loader data, device and address and written again from the render cache. Only for a view rendered
     * from its loader data, search and the shop's state alone.
     */
    cacheView?: true;
  }
}

/**
 * The policy of the page at `pathname`: public when the route it shows declares it; private otherwise
 * (a path no route matches, or matches only in part, too).
 */
export function cachePolicy(router: AnyRouter, pathname: string): CachePolicy {
  const [, rawParams, found] = router.getMatchedRoutes(pathname);
  if (!found || rawParams['**']) return 'private';
  return found.options.staticData?.cache === 'public' ? 'public' : 'private';
}

/** Whether the route of this id has its view cached (`staticData.cacheView`). */
export function cachesView(router: AnyRouter, routeId: string): boolean {
  return router.routesById[routeId]?.options.staticData?.cacheView === true;
}
