import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** The shop's policies (spec: /policies), each a theme page. */
export const POLICY_PAGES = ['shopping-policy', 'return-and-refund', 'privacy-policy', 'terms-of-service'] as const;

export const policiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/policies',
  // The same page for every visitor of a locale, currency and device: cached and shared.
  staticData: { cache: 'public' },
  loader: ({ context }) =>
    guardLoader(context, async () => {
      const pages = await context.api.pages();
      return POLICY_PAGES.flatMap((handle) => pages.filter((p) => p.handle === handle));
    }),
  head: ({ match }) => ({ meta: [{ title: match.context.translations.current().t('policies.title') }] }),
  component: lazyRouteComponent(() => import('./views/PoliciesView')),
});
