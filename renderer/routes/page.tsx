import { createRoute } from '@tanstack/react-router';
import { loadThemePage } from '../page/load-theme-page';
import { pageHead } from '../page/page-head';
import { ThemePage } from '../page/ThemePage';
import { rootRoute } from './root';

export const themePageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/$handle',
  loader: ({ context, params }) => loadThemePage(context.api, params.handle),
  head: ({ loaderData, match }) => pageHead(loaderData, match.context.i18n.language),
  component: function Page() {
    return <ThemePage view={themePageRoute.useLoaderData()} />;
  },
});
