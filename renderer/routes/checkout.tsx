// The checkout pages (spec section 2), in the style the site chooses (extDataMap.checkoutType):
// multi-step `/checkout/$token` (information) -> `/checkout/shipping?token=` -> `/checkout/payment?token=`;
// one-page `/checkout` and `/checkout/$token`; one-page cart `/cart/checkout`. Each is the visitor's own
// (never cached or indexed); its data is read anew on each visit, so a reload or the back button shows
// what the server has. The views load lazily: this file loads with every page, so it stays small.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ApiError } from '../api/api-error';
import { composed } from '../render-cache';
import type { RouterContext } from '../router-context';
import { isToken } from '../ui/order/handles';
import { readVisitorCart } from './cart-data';
import type { CheckoutPageData } from './checkout-data';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

const isMissing = (error: unknown) =>
  error instanceof Error && error.name === 'ApiError' && [404, 410].includes((error as ApiError).status);

/** The checkout and what its form offers (countries, payment methods, tip, insurance), in one go. */
export function loadCheckout(context: RouterContext, token: string | undefined): Promise<CheckoutPageData> {
  return guardLoader(context, async () => {
    if (!token || !isToken(token)) return null;
    const { api } = context;
    const [checkout, countries, methods, tip, insurance] = await Promise.all([
      api.checkout.get(token).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      }),
      api.checkout.countries().catch(() => []),
      api.payments.methods(),
      api.checkout.tip().catch(() => null),
      api.checkout.insurance().catch(() => null),
    ]);
    if (!checkout) return null;
    const offer = composed(context, [countries, methods, tip, insurance], () => ({
      countries,
      methods: methods.result.filter((m) => m.normalTag),
      tip,
      insurance,
    }));
    return { checkout, offer };
  });
}

const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && isToken(search.token) ? { token: search.token } : {};

/**
 * Every visit reads the checkout anew and waits for it: a step never shows a checkout as it was on an
 * earlier visit (the back button would otherwise show, and let the shopper act on, what changed since).
 */
const fresh = { staleTime: 0, gcTime: 0 } as const;

const checkoutHead = (context: RouterContext, step?: string) => {
  const { t } = context.translations.current();
  const title = step ? `${t(`checkout.steps.${step}`)} – ${t('checkout.title')}` : t('checkout.title');
  return { meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] };
};

/** `/checkout`: starts a checkout from the cart, then shows it at `/checkout/$token`. */
export const checkoutStartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  head: ({ match }) => checkoutHead(match.context),
  component: lazyRouteComponent(() => import('./views/checkout/CheckoutStartView')),
});

/** `/checkout/$token`: the information step (multi-step) or the whole form (one-page styles). */
export const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/$token',
  validateSearch: (search: Record<string, unknown>): { actions?: 'continue' } =>
    search.actions === 'continue' ? { actions: 'continue' } : {},
  loader: ({ context, params }) => loadCheckout(context, params.token),
  ...fresh,
  head: ({ match }) => checkoutHead(match.context),
  component: lazyRouteComponent(() => import('./views/checkout/CheckoutTokenView')),
});

/** `/checkout/shipping?token=`: the shipping step of the multi-step checkout. */
export const checkoutShippingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/shipping',
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) => loadCheckout(context, deps.token),
  ...fresh,
  head: ({ match }) => checkoutHead(match.context, 'shipping'),
  component: lazyRouteComponent(() => import('./views/checkout/ShippingStepView')),
});

/** `/checkout/payment?token=`: the payment step of the multi-step checkout. */
export const checkoutPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/payment',
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) => loadCheckout(context, deps.token),
  ...fresh,
  head: ({ match }) => checkoutHead(match.context, 'payment'),
  component: lazyRouteComponent(() => import('./views/checkout/PaymentStepView')),
});

/**
 * `/cart/checkout?token=`: the cart's lines above the one-page form (the token comes once started). The
 * cart is read where the page is drawn, as on the cart page, so its lines are in the server's HTML.
 */
export const cartCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart/checkout',
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps }) => {
    const [checkout, cart] = await Promise.all([loadCheckout(context, deps.token), readVisitorCart(context)]);
    return { checkout, cart };
  },
  ...fresh,
  head: ({ match }) => checkoutHead(match.context),
  component: lazyRouteComponent(() => import('./views/checkout/CartCheckoutView')),
});
