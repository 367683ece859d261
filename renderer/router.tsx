// The route tree and the router factory, shared by the server and the browser.
import { createRouter } from '@tanstack/react-router';
import { Loading } from './ui/Loading';
import { cart1Route, cartRoute } from './routes/cart';
import { checkoutRecoverRoute, checkoutRecoverStopRoute } from './routes/checkout-recover';
import {
  cartCheckoutRoute,
  checkoutPaymentRoute,
  checkoutRoute,
  checkoutShippingRoute,
  checkoutStartRoute,
} from './routes/checkout';
import { collectionRoute } from './routes/collection';
import { collectionProductRoute } from './routes/collection-product';
import { policiesRoute } from './routes/policies';
import { confirmAddressRoute, confirmShippingRoute, replenishAddressRoute } from './routes/payment-actions';
import { searchRoute } from './routes/search';
import { ErrorPage, NotFoundPage } from './routes/errors';
import { funnelNotFoundRoute, funnelRoute } from './routes/funnel';
import { checkoutDownsellRoute, checkoutUpsellRoute, newCheckoutRoute, newCheckoutTestRoute } from './routes/funnel-links';
import { homeRoute } from './routes/home';
import { themePageRoute } from './routes/page';
import { paymentRoute } from './routes/payment';
import { productRoute } from './routes/product';
import { rootRoute } from './routes/root';
import { soldOutRoute } from './routes/sold-out';
import { thankYouRoute } from './routes/thankyou';
import { trackOrderRoute, trackRoute } from './routes/track';
import type { DehydratedShop, RouterContext } from './router-context';
import { serializedOnce } from './serialize-once';

export const routeTree = rootRoute.addChildren([
  homeRoute,
  themePageRoute,
  funnelRoute,
  funnelNotFoundRoute,
  newCheckoutRoute,
  newCheckoutTestRoute,
  checkoutUpsellRoute,
  checkoutDownsellRoute,
  productRoute,
  collectionRoute,
  collectionProductRoute,
  searchRoute,
  policiesRoute,
  cartRoute,
  cart1Route,
  checkoutStartRoute,
  checkoutRoute,
  checkoutShippingRoute,
  checkoutPaymentRoute,
  cartCheckoutRoute,
  thankYouRoute,
  trackRoute,
  trackOrderRoute,
  checkoutRecoverRoute,
  checkoutRecoverStopRoute,
  soldOutRoute,
  paymentRoute,
  confirmAddressRoute,
  confirmShippingRoute,
  replenishAddressRoute,
]);

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
