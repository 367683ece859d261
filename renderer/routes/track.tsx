import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Tracking } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';
import { withEventDates } from '../ui/order/dated';
import { cleanTrackingNumber, isToken, isTrackingNumber } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';
import type { TrackData } from './track-data';

/** Asks for a shipment; one that does not exist (5010, or a number the API refuses) is "not found". */
async function loadTracking(context: RouterContext, number: string, call: () => Promise<Tracking>): Promise<TrackData> {
  try {
    return { number, tracking: withEventDates(await call(), context.translations.current().locale), problem: null };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { number, tracking: null, problem: 'notFound' };
    throw error;
  }
}

const trackHead = (t: (key: string) => string) => ({
  meta: [{ title: t('tracking.title') }, { name: 'robots', content: 'noindex, nofollow' }],
});

/**
 * Order tracking by tracking number (spec section 2): `/track` is the form, `/track?number=…` the
 * shipment's events. Carrier data is delayed 3-5 days, which the page says.
 */
export const trackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/track',
  validateSearch: (search: Record<string, unknown>): { number?: string } =>
    search.number === undefined ? {} : { number: cleanTrackingNumber(search.number) },
  loaderDeps: ({ search }) => ({ number: search.number }),
  loader: ({ context, deps }) =>
    guardLoader(context, async (): Promise<TrackData> => {
      const number = deps.number;
      if (number === undefined) return { number: '', tracking: null, problem: null };
      if (number === '') return { number, tracking: null, problem: 'required' };
      if (!isTrackingNumber(number)) return { number, tracking: null, problem: 'notFound' };
      return loadTracking(context, number, () => context.api.orders.tracking(number));
    }),
  head: ({ match }) => trackHead(match.context.translations.current().t),
  component: lazyRouteComponent(() => import('./views/TrackView')),
});

/** `/track/{order token}`: the tracking of the buyer's own order (linked from the thank-you page). */
export const trackOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/track/$handle',
  loader: ({ context, params }) =>
    guardLoader(context, async (): Promise<TrackData> => {
      if (!isToken(params.handle)) return { number: '', tracking: null, problem: 'notFound' };
      return loadTracking(context, '', () => context.api.orders.trackingOf(params.handle));
    }),
  head: ({ match }) => trackHead(match.context.translations.current().t),
  component: lazyRouteComponent(() => import('./views/TrackView'), 'TrackOrderView'),
});
