import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

// The pages a visitor meets instead of the shop (spec section 2: /maintenance, /closed, /password/store,
// /password/funnel). The server's guard (server/site-guard.ts) sends visitors here and answers them with
// their status (503 while the mode is on); the pages have no shop frame (`frame: 'bare'`: no menus that
// lead back to the gate, and no support widgets on /closed), are never indexed and never cached.

const noindexHead = (title: string) => ({ meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] });

export const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/maintenance',
  staticData: { frame: 'bare' },
  // The server's clock, so the page and its hydration agree on whether the end time is still ahead.
  loader: () => ({ now: Date.now() }),
  head: ({ match }) => noindexHead(match.context.translations.current().t('siteMode.maintenance.title')),
  component: lazyRouteComponent(() => import('./views/site-mode/MaintenanceView')),
});

export const closedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/closed',
  staticData: { frame: 'bare' },
  head: ({ match }) => noindexHead(match.context.translations.current().t('siteMode.closed.title')),
  component: lazyRouteComponent(() => import('./views/site-mode/ClosedView')),
});

/** `/password/{handle}` (spec section 2): the shop's gate (`store`) or the funnels' (`funnel`). */
export const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password/$handle',
  staticData: { frame: 'bare' },
  loader: ({ params }): { gate: 'store' | 'funnel' } => {
    const gate = params.handle;
    if (gate !== 'store' && gate !== 'funnel') throw notFound();
    return { gate };
  },
  head: ({ match, loaderData }) =>
    noindexHead(
      match.context.translations
        .current()
        .t(loaderData?.gate === 'funnel' ? 'siteMode.password.funnelTitle' : 'siteMode.password.storeTitle'),
    ),
  component: lazyRouteComponent(() => import('./views/site-mode/GatePasswordView')),
});

/** `/password` without a handle is the shop's gate. */
export const passwordIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password',
  beforeLoad: () => {
    throw redirect({ to: '/password/$handle', params: { handle: 'store' }, replace: true, statusCode: 302 });
  },
});
