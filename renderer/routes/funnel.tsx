// A sales funnel's steps (spec: /funnel/{handle}, funnel redirects append pageId): the step named by
// `pageId`, else the first, drawn from its funnel page through the block registry like any theme page.
// After the funnel checkout the steps carry the main order's token (`order`): an offer step shows that
// buyer's offer, or sends them on when their payment cannot take it in one action (or it was answered);
// the thank-you step shows the order with the offers accepted. The site's font is not applied on funnel
// paths (root.tsx); the page may leave out the shop's header and footer. Only a funnel's first step (its
// landing page) is for search engines. Every step is the visitor's own (its views are counted, an offer
// is one buyer's): never cached.
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import type { FunnelStepView } from '../../schemas/generated/api';
import { loadFunnelStep, previewSearch } from '../page/load-theme-page';
import { pageHead } from '../page/page-head';
import { orderDate } from '../ui/order/dated';
import { isToken } from '../ui/order/handles';
import { guardLoader } from './guard-loader';
import { requireHandles } from './not-found-on-404';
import { rootRoute } from './root';
import { pageAddress } from './seo';

const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export interface FunnelSearch {
  /** A signed preview link's value: the step's page in the version it shows (a draft). */
  preview?: string;
  pageId?: string;
  /** The main order's token, on the steps after the funnel checkout. */
  order?: string;
  /** A code an offer's form was refused with (no JavaScript): the offer says why. */
  failed?: number;
}

export type FunnelStepData = FunnelStepView & { placedOn: string };

export const funnelRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnel/$handle',
  validateSearch: (search: Record<string, unknown>): FunnelSearch => ({
    ...previewSearch(search),
    ...(typeof search.pageId === 'string' && STEP_ID.test(search.pageId) ? { pageId: search.pageId } : {}),
    ...(typeof search.order === 'string' && isToken(search.order) ? { order: search.order } : {}),
    ...(typeof search.failed === 'number' && Number.isInteger(search.failed) ? { failed: search.failed } : {}),
  }),
  loaderDeps: ({ search }) => ({ pageId: search.pageId, order: search.order, preview: search.preview }),
  // An offer is read anew on each visit (its status and deadline are the server's).
  staleTime: 0,
  gcTime: 0,
  loader: ({ context, params, deps }) => {
    requireHandles(params.handle);
    return guardLoader(context, async (): Promise<FunnelStepData> => {
      const step = await loadFunnelStep(context.api, params.handle, deps.pageId, deps.order, context.visitorId, deps.preview);
      if (step.redirect) throw redirect({ href: step.redirect });
      const placedOn = step.order ? orderDate(step.order, context.translations.current().locale) : '';
      return { ...step, placedOn };
    });
  },
  head: ({ loaderData, match, params }) => {
    const head = pageHead(
      loaderData?.view,
      match.context.translations.current().locale,
      pageAddress(match.context, `/funnel/${params.handle}`),
    );
    if (!loaderData || (loaderData.index === 0 && !loaderData.view.preview)) return head;
    return { ...head, meta: [...(head.meta ?? []), { name: 'robots', content: 'noindex' }] };
  },
  component: lazyRouteComponent(() => import('./views/FunnelStepView')),
});

/** `/funnel/404`: the page a funnel link that leads nowhere shows (404). */
export const funnelNotFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/funnel/404',
  staticData: { cache: 'public' },
  loader: () => {
    throw notFound();
  },
});
