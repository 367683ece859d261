// The router factory, shared by the server and the browser; its route tree is generated from the route
// files (renderer/routes/route-tree.ts, by `npm run gen`).
import { createRouter } from '@tanstack/react-router';
import { localeRewrite } from './i18n/locale-path';
import { Loading } from './ui/Loading';
import { ErrorPage, NotFoundPage } from './routes/errors';
import { routeTree } from './routes/route-tree';
import type { DehydratedShop, RouterContext } from './router-context';
import { serializedOnce } from './serialize-once';

export function createShopRouter(
  context: RouterContext,
  ssr: {
    dehydrate?: () => DehydratedShop;
    hydrate?: (data: DehydratedShop) => Promise<void>;
    /** Server: the serializer of objects written once, for this page (serialize-once.ts). */
    serializedOnce?: typeof serializedOnce;
  } = {},
) {
  return createRouter({
    routeTree,
    context,
    // A page's address carries its language (issue 28): the routes see paths without it, links get it.
    rewrite: localeRewrite(context.localePrefix),
    defaultPreload: 'intent',
    // Spec: the small loading indicator shows while a page loads (after a short delay, so fast pages never flash it).
    defaultPendingComponent: Loading,
    defaultPendingMs: 300,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // Restored by the router in the browser only: the server's inline restoring script runs mid-parse and
    // its scrollTo forces a layout of the whole page before the first paint (a first visit has nothing to
    // restore; a reload is restored once hydrated).
    scrollRestoration: () => typeof document !== 'undefined',
    // Read by the router's server serializer and by hydration; its option types leave it to TanStack
    // Start's config, so it is passed untyped here.
    ...({ serializationAdapters: [ssr.serializedOnce ?? serializedOnce] } as {}),
    dehydrate: ssr.dehydrate,
    hydrate: ssr.hydrate as ((data: unknown) => Promise<void>) | undefined,
  });
}

export type ShopRouter = ReturnType<typeof createShopRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ShopRouter;
  }
}
