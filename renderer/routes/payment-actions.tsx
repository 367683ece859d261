// The payment pages where the shopper acts in the shop before a payment goes on (spec sections 2 and 4):
// `/payment/confirmAddress` (the issuer could not match the address: confirm or correct it before a
// countdown ends, else the order is canceled and can be ordered again), `/payment/confirmShipping` (the
// wallet's address costs another shipping price: accept it) and `/payment/replenishAddress` (the wallet's
// address lacks fields: complete them). Static segments, so they win over `/payment/$handle`. Each is the
// buyer's own page (never cached or indexed), reached by the order's token (`?order=`); an unknown token is
// the 404 page. The views load lazily: this file loads with every page, so it stays small.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isToken } from '../ui/order/handles';
import type { PaymentActionKind } from './payment-action-data';
import { rootRoute } from './root';

const orderSearch = (search: Record<string, unknown>): { order?: string } =>
  typeof search.order === 'string' && isToken(search.order) ? { order: search.order } : {};

const TITLES: Record<PaymentActionKind, string> = {
  confirmAddress: 'paymentAction.confirmAddress.title',
  confirmShipping: 'paymentAction.confirmShipping.title',
  replenishAddress: 'paymentAction.replenishAddress.title',
};

function paymentActionRoute<P extends `/payment/${PaymentActionKind}`>(
  path: P,
  kind: PaymentActionKind,
  view: () => Promise<{ default: () => React.JSX.Element }>,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: orderSearch,
    loaderDeps: ({ search }) => ({ order: search.order }),
    // The loader's code arrives with its first use (this file loads with every page).
    loader: ({ context, deps }) =>
      import('./payment-action-load').then(({ loadPaymentAction }) => loadPaymentAction(context, kind, deps.order)),
    // Read anew on every visit: the order moves on (paid, canceled) while the page is away.
    staleTime: 0,
    gcTime: 0,
    head: ({ match }) => {
      const { t } = match.context.translations.current();
      return { meta: [{ title: t(TITLES[kind]) }, { name: 'robots', content: 'noindex, nofollow' }] };
    },
    component: lazyRouteComponent(view),
  });
}

export const confirmAddressRoute = paymentActionRoute(
  '/payment/confirmAddress',
  'confirmAddress',
  () => import('./views/payment-actions/ConfirmAddressView'),
);
export const confirmShippingRoute = paymentActionRoute(
  '/payment/confirmShipping',
  'confirmShipping',
  () => import('./views/payment-actions/ConfirmShippingView'),
);
export const replenishAddressRoute = paymentActionRoute(
  '/payment/replenishAddress',
  'replenishAddress',
  () => import('./views/payment-actions/ReplenishAddressView'),
);
