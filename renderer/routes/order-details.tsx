// `/checkout/orderDetails` (spec section 2, a checkout step): an order's details, reached only by a token
// the buyer holds (never by a guessable number, so no one sees another shopper's order). The order's page
// is its thank-you page, which shows every detail and follows its payment: `?order={order token}` goes
// there; `?token={checkout token}` goes to the order placed from that checkout, or back to the checkout
// while none is (302: where it leads changes). Anything else is the page of an order not found (404).
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import type { ApiError } from '../api/api-error';
import { isToken } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

interface OrderDetailsSearch {
  order?: string;
  token?: string;
}

const tokenOf = (value: unknown) => (typeof value === 'string' && isToken(value) ? value : undefined);

const isMissing = (error: unknown) =>
  error instanceof Error && error.name === 'ApiError' && [404, 410].includes((error as ApiError).status);

export const checkoutOrderDetailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/orderDetails',
  // The router keeps query values a validator leaves out, so one that cannot be a token is set to undefined.
  validateSearch: (search: Record<string, unknown>): OrderDetailsSearch => ({
    order: tokenOf(search.order),
    token: tokenOf(search.token),
  }),
  loaderDeps: ({ search }) => ({ order: search.order, token: search.token }),
  staleTime: 0,
  gcTime: 0,
  loader: ({ context, deps }) =>
    guardLoader(context, async () => {
      const toOrder = (order: string) => redirect({ to: '/thankyou/$handle', params: { handle: order }, statusCode: 302 });
      if (deps.order) throw toOrder(deps.order);
      if (deps.token) {
        const checkout = await context.api.checkout.get(deps.token).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (checkout?.orderToken) throw toOrder(checkout.orderToken);
        if (checkout) throw redirect({ to: '/checkout/$token', params: { token: deps.token }, statusCode: 302 });
      }
      throw notFound();
    }),
  head: ({ match }) => {
    const { t } = match.context.translations.current();
    return { meta: [{ title: t('order.notFoundTitle') }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  notFoundComponent: lazyRouteComponent(() => import('./views/ThankYouView'), 'OrderNotFound'),
});
