// A sales funnel's steps (spec: /funnel/{handle}, funnel redirects append pageId): the step named by
// `pageId`, else the first, drawn from its funnel page through the block registry like any theme page.
// The site's font is not applied on funnel paths (root.tsx); the page may leave out the shop's header and
// footer. Only a funnel's first step (its landing page) is for search engines: the checkout and the
// offers that follow are a shopper's own way through it.
import { createRoute, notFound } from '@tanstack/react-router';
import { loadFunnelStep } from '../page/load-theme-page';
import { pageHead } from '../page/page-head';
import { ThemePage } from '../page/ThemePage';
import { guardLoader } from './guard-loader';
import { requireHandles } from './not-found-on-404';
import { rootRoute } from './root';
import { absolute } from './seo';

const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const funnelRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnel/$handle',
  validateSearch: (search: Record<string, unknown>): { pageId?: string } =>
    typeof search.pageId === 'string' && STEP_ID.test(search.pageId) ? { pageId: search.pageId } : {},
  loaderDeps: ({ search }) => ({ pageId: search.pageId }),
  loader: ({ context, params, deps }) => {
    requireHandles(params.handle);
    return guardLoader(context, () => loadFunnelStep(context.api, params.handle, deps.pageId));
  },
  head: ({ loaderData, match, params }) => {
    const head = pageHead(
      loaderData?.view,
      match.context.translations.current().locale,
      absolute(match.context.origin, `/funnel/${params.handle}`),
    );
    if (!loaderData || loaderData.index === 0) return head;
    return { ...head, meta: [...(head.meta ?? []), { name: 'robots', content: 'noindex' }] };
  },
  component: function FunnelStep() {
    return <ThemePage view={funnelRoute.useLoaderData().view} />;
  },
});

/** `/funnel/404`: the page a funnel link that leads nowhere shows (404). */
export const funnelNotFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnel/404',
  loader: () => {
    throw notFound();
  },
});
