// `/error` (spec section 2): the error page at an address of its own, answered with the status it shows.
// `?status=` an error status (500 without one; 404 is the not-found page, "Back to the home page"),
// `?code=` a code of the table of errors, whose words in the visitor's language become the title (and
// whose status it answers with, unless `status` says otherwise). A code the shop does not know, or a
// fault's (`internal`), shows "Error". Never cached, never indexed.
import { createRoute, notFound } from '@tanstack/react-router';
import { ErrorPageBoundary, ErrorView } from './errors';
import { rootRoute } from './root';
import { isErrorStatus, type ShownError } from './shown-error';

interface ErrorSearch {
  status?: number;
  code?: number;
}

const errorSearch = (search: Record<string, unknown>): ErrorSearch => ({
  ...(isErrorStatus(search.status) ? { status: search.status } : {}),
  ...(typeof search.code === 'number' && Number.isInteger(search.code) ? { code: search.code } : {}),
});

/** What `/error?code=&status=` shows. The table of codes arrives with this page only (it is no page's first-load JavaScript). */
async function shownFor({ code, status }: ErrorSearch): Promise<ShownError> {
  if (code !== undefined) {
    const [{ errorName }, { errorStatus }] = await Promise.all([
      import('../api/error-message'),
      import('../../schemas/generated/error-codes'),
    ]);
    const name = await errorName(code);
    if (name && name !== 'internal') return { status: status ?? errorStatus[name], name };
  }
  return { status: status ?? 500 };
}

export const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/error',
  // A value that cannot be one is left out here (the router then keeps it as it came, without a
  // redirect) and read as absent by loaderDeps.
  validateSearch: (search: Record<string, unknown>): ErrorSearch => errorSearch(search),
  loaderDeps: ({ search }) => errorSearch(search),
  loader: async ({ deps }) => {
    if (deps.status === 404 && deps.code === undefined) throw notFound();
    return shownFor(deps);
  },
  head: ({ loaderData, match }) => {
    const { t } = match.context.translations.current();
    const title = loaderData?.name ? t(`errors.${loaderData.name}`) : loaderData ? t('error.title') : t('error.notFound');
    return { meta: [{ title }, { name: 'robots', content: 'noindex' }] };
  },
  component: function ErrorAddress() {
    return (
      <ErrorPageBoundary>
        <ErrorView {...errorRoute.useLoaderData()} />
      </ErrorPageBoundary>
    );
  },
});
