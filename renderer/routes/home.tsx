import { createRoute } from '@tanstack/react-router';
import { loadThemePage, previewSearch } from '../page/load-theme-page';
import { ThemePage } from '../page/ThemePage';
import { pageHead } from '../page/page-head';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';
import { pageAddress } from './seo';

/** The home page is the theme page with handle `home`. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The same page for every visitor of a locale, currency and device: cached and shared.
  staticData: { cache: 'public' },
  validateSearch: previewSearch,
  loaderDeps: ({ search }) => ({ preview: search.preview }),
  loader: ({ context, deps }) => guardLoader(context, () => loadThemePage(context.api, 'home', deps.preview)),
  head: ({ loaderData, match }) =>
    pageHead(loaderData, match.context.translations.current().locale, pageAddress(match.context, '/')),
  component: function Home() {
    return <ThemePage view={homeRoute.useLoaderData()} />;
  },
});
