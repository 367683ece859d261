// Which pages may be kept and served to every visitor: each route declares it (`staticData.cache`),
// public by default. A private page (the cart, and later checkout, thank-you, account and payment
// pages) is the visitor's own: it is never kept in the page cache nor shared between visitors.
import type { AnyRouter } from '@tanstack/react-router';

export type CachePolicy = 'public' | 'private';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** `private`: the page is the visitor's own, never kept or shared (default `public`). */
    cache?: CachePolicy;
  }
}

/** The policy of the routes a path matches: private when any of them is. */
export function cachePolicy(router: AnyRouter, pathname: string): CachePolicy {
  const [routes] = router.getMatchedRoutes(pathname);
  return routes.some((route) => route.options.staticData?.cache === 'private') ? 'private' : 'public';
}
