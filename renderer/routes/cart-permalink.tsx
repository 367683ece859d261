// `/cart/{handle}` (spec section 2) is a cart permalink: `/cart/{skuId}:{quantity},…` adds those SKUs to
// the visitor's cart (all or none) and shows the cart (302 to `/cart`), so a link in a mail or an ad
// fills the cart in one click. A crawler following it (no visitor id) changes nothing. A SKU that cannot
// be added (sold out, unknown) shows the error page in its words; a handle that is not a permalink is
// the 404 page. `/cart/checkout` is its own route, and wins.
import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { cartPermalinkItems } from './cart-permalink-items';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

export const cartPermalinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart/$handle',
  loader: ({ context, params }) =>
    guardLoader(context, async () => {
      const items = cartPermalinkItems(params.handle);
      if (!items) throw notFound();
      if (context.visitorId && !context.crawler) await context.api.cart.addAll(items, context.visitorId);
      throw redirect({ to: '/cart', statusCode: 302 });
    }),
  // Only following the link adds: never a preload (a link hovered, or in view: idle-prefetch.ts). Each
  // visit adds again (a shopper following the link twice means it).
  preload: false,
  staleTime: 0,
  gcTime: 0,
});
