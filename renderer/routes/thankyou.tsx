import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Order } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import { orderDate } from '../ui/order/dated';
import { isToken } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

export interface ThankYouData {
  /** null: the token names no order (a mistyped or old link). */
  order: Order | null;
  placedOn: string;
}

/**
 * The thank-you page `/thankyou/{order token}` (spec section 2): reached only by the buyer's token,
 * never by a guessable number; the visitor's own page, never cached or indexed.
 */
export const thankYouRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/thankyou/$handle',
  loader: ({ context, params }) =>
    guardLoader(context, async (): Promise<ThankYouData> => {
      if (!isToken(params.handle)) return { order: null, placedOn: '' };
      try {
        const order = await context.api.orders.get(params.handle);
        return { order, placedOn: orderDate(order, context.translations.current().locale) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { order: null, placedOn: '' };
        throw error;
      }
    }),
  head: ({ loaderData, match }) => {
    const { t } = match.context.translations.current();
    const title = loaderData?.order ? t('order.number', { number: loaderData.order.number }) : t('order.notFoundTitle');
    return { meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  component: lazyRouteComponent(() => import('./views/ThankYouView')),
});
