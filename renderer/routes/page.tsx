import { createRoute } from '@tanstack/react-router';
import { loadThemePage, previewSearch } from '../page/load-theme-page';
import { pageHead } from '../page/page-head';
import { ThemePage } from '../page/ThemePage';
import { guardLoader } from './guard-loader';
import { requireHandles } from './not-found-on-404';
import { rootRoute } from './root';
import { pageAddress } from './seo';

export const themePageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/$handle',
  // The same page for every visitor of a locale, currency and device: cached and shared.
  staticData: { cache: 'public' },
  validateSearch: previewSearch,
  loaderDeps: ({ search }) => ({ preview: search.preview }),
  loader: ({ context, params, deps }) => {
    requireHandles(params.handle);
    return guardLoader(context, () => loadThemePage(context.api, params.handle, deps.preview));
  },
  head: ({ loaderData, match, params }) =>
    pageHead(loaderData, match.context.translations.current().locale, pageAddress(match.context, `/pages/${params.handle}`)),
  component: function Page() {
    return <ThemePage view={themePageRoute.useLoaderData()} />;
  },
});
