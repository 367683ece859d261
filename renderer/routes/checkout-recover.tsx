import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

const recoverHead = (t: (key: string) => string, title: string) => ({
  meta: [{ title: t(title) }, { name: 'robots', content: 'noindex, nofollow' }],
});

/**
 * `/checkout/recover/{key}`: the link of an abandoned checkout's reminder mail. The checkout is restored
 * in the browser (it fills this visitor's cart: never while rendering on the server, nor by a mail
 * scanner fetching the link's HTML), then the shopper goes on from where they left.
 */
export const checkoutRecoverRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/recover/$key',
  head: ({ match }) => recoverHead(match.context.translations.current().t, 'recovery.title'),
  component: lazyRouteComponent(() => import('./views/CheckoutRecoverView')),
});

/** `/checkout/recover/{key}/stop`: "stop these reminders"; a button does it, so opening the link alone never does. */
export const checkoutRecoverStopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/recover/$key/stop',
  head: ({ match }) => recoverHead(match.context.translations.current().t, 'recovery.optOutTitle'),
  component: lazyRouteComponent(() => import('./views/CheckoutRecoverStopView')),
});
