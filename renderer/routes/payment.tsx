// The payment result pages `/payment/{handle}?order={order token}` (spec sections 2 and 4): where a
// provider sends the shopper back (`information`, which asks the server how the payment stands and moves
// on), the pages of a payment still under way (`processing`, `authorization`, `pending`: they follow the
// order until it is paid or failed), and those of a payment that ended without money (`failed`,
// `canceled`). An order that does not exist is `missing` (a 404). Every one is the buyer's own: never
// cached, never indexed. The static routes `/payment/confirmAddress` and co. are other pages and win over
// `$handle`. This file loads with every page: the loader and the views load lazily.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isToken } from '../ui/order/handles';
import { isResultPage } from './payment-data';
import { rootRoute } from './root';

export const paymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment/$handle',
  // The router keeps query values a validator leaves out, so an order that cannot be one is set to undefined.
  validateSearch: (search: Record<string, unknown>): { order?: string } => ({
    order: typeof search.order === 'string' && isToken(search.order) ? search.order : undefined,
  }),
  loaderDeps: ({ search }) => ({ order: search.order }),
  // Each visit reads the order anew: the back button never shows a payment as it was.
  staleTime: 0,
  gcTime: 0,
  // The loader's code arrives with its first use (this file loads with every page).
  loader: ({ context, params, deps }) =>
    import('./payment-load').then(({ loadPaymentPage }) => loadPaymentPage(context, params.handle, deps.order)),
  head: ({ params, loaderData, match }) => {
    const { t } = match.context.translations.current();
    const title = loaderData
      ? t(`paymentResult.${loaderData.kind}.title`)
      : params.handle === 'information' || params.handle === 'missing' || isResultPage(params.handle)
        ? t('paymentResult.missing.title')
        : t('error.notFound');
    return { meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  notFoundComponent: lazyRouteComponent(() => import('./views/payment/PaymentNotFound'), 'PaymentNotFound'),
  component: lazyRouteComponent(() => import('./views/payment/PaymentView')),
});
