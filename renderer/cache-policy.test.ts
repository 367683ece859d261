// A page is private unless its route declares itself public (cache-policy.ts): a route that says nothing,
// and a path no route matches, are never cached or shared.
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { cachePolicy } from './cache-policy';
import { createShopRouter } from './router';
import type { RouterContext } from './router-context';

describe('the cache policy of a page', () => {
  it('is private for a route that declares nothing', () => {
    const root = createRootRoute();
    const declared = createRoute({ getParentRoute: () => root, path: '/declared', staticData: { cache: 'public' } });
    const forgotten = createRoute({ getParentRoute: () => root, path: '/forgotten' });
    const router = createRouter({ routeTree: root.addChildren([declared, forgotten]) });
    expect(cachePolicy(router, '/declared')).toBe('public');
    expect(cachePolicy(router, '/forgotten')).toBe('private');
  });

  it("is each shop route's own declaration, private where it says nothing", () => {
    const router = createShopRouter({} as RouterContext);
    for (const route of Object.values(router.routesById)) {
      if (route.isRoot) continue;
      const path = route.fullPath.replace(/\$\w+/g, 'x');
      const declared = route.options.staticData?.cache === 'public' ? 'public' : 'private';
      expect(cachePolicy(router, path), route.id).toBe(declared);
    }
    expect(cachePolicy(router, '/products/linen-shirt')).toBe('public');
    expect(cachePolicy(router, '/cart')).toBe('private');
    expect(cachePolicy(router, '/checkout/x')).toBe('private');
  });

  it('is private for a path no route matches, or matches in part', () => {
    const router = createShopRouter({} as RouterContext);
    expect(cachePolicy(router, '/no/such/page')).toBe('private');
    expect(cachePolicy(router, '/products/linen-shirt/more')).toBe('private');
  });
});
