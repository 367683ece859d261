// The account's orders (spec section 2: /account/orders, /account/orderDetails): the list with the step
// that claims guest orders, and one order with its returns and a return request. Private pages (never
// cached or shared, never indexed); without a session they go to the login page and come back.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ApiError } from '../api/api-error';
import { formatDate } from '../i18n/date-format';
import { customerHeaders, requireCustomer } from './account-guard';
import { orderIdOf, pageOf, type AccountOrderDetailsData, type AccountOrdersData } from './account-orders-data';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

const privateHead = (title: string) => ({ meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] });

export const accountOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/orders',
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageOf(search.page);
    return page ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps, location }) =>
    guardLoader(context, async (): Promise<AccountOrdersData> => {
      const customer = await requireCustomer(context, location);
      const headers = customerHeaders(context);
      const [page, claimable] = await Promise.all([
        context.api.request('get /customer/orders', { query: { page: deps.page, pageSize: 10 }, headers }),
        context.api.request('get /customer/orders/claimable', { headers }),
      ]);
      const locale = context.translations.current().locale;
      const dates = Object.fromEntries(page.orders.map((o) => [o.orderId, formatDate(o.createdAt, locale)]));
      return { customer, page, claimable: claimable.count, dates };
    }),
  head: ({ match }) => privateHead(match.context.translations.current().t('accountOrders.title')),
  component: lazyRouteComponent(() => import('./views/account/OrdersView')),
});

export const accountOrderDetailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/orderDetails',
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = orderIdOf(search.id);
    return id ? { id } : {};
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps, location }) =>
    guardLoader(context, async (): Promise<AccountOrderDetailsData> => {
      await requireCustomer(context, location);
      const none = { order: null, placedOn: '', returnDates: {} };
      if (deps.id === undefined) return none;
      try {
        const order = await context.api.request('get /customer/orders/{orderId}', {
          path: { orderId: String(deps.id) },
          headers: customerHeaders(context),
        });
        const locale = context.translations.current().locale;
        return {
          order,
          placedOn: formatDate(order.order.createdAt, locale),
          returnDates: Object.fromEntries(order.returns.map((r) => [r.id, formatDate(r.createdAt, locale)])),
        };
      } catch (error) {
        // Another customer's order is "not found", as an order that does not exist.
        if (error instanceof ApiError && error.status === 404) return none;
        throw error;
      }
    }),
  head: ({ loaderData, match }) => {
    const { t } = match.context.translations.current();
    return privateHead(
      loaderData?.order
        ? t('accountOrders.detail.title', { number: loaderData.order.order.number })
        : t('accountOrders.detail.notFoundTitle'),
    );
  },
  component: lazyRouteComponent(() => import('./views/account/OrderDetailsView')),
});
