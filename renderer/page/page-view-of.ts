// The theme page a route's loader data holds: a page view itself (home, /pages/…), or the view of a
// funnel step's page. The server reads it to send the code of the page's blocks and to keep their HTML;
// the layout, to know whether the page keeps the shop's header and footer.
import type { PageView } from '../../schemas/generated/api';

const isPageView = (value: unknown): value is PageView =>
  typeof value === 'object' && value !== null && 'page' in value && 'data' in value;

export function pageViewOf(loaderData: unknown): PageView | undefined {
  if (isPageView(loaderData)) return loaderData;
  const view = (loaderData as { view?: unknown } | null | undefined)?.view;
  return isPageView(view) ? view : undefined;
}
