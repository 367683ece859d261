import type { PageView } from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';

/** Title and description of a theme page, in the visitor's locale. */
export function pageHead(view: PageView | undefined, locale: string) {
  if (!view) return {};
  const title = localize(view.page.title, locale);
  const description = localize(view.page.description, locale);
  return {
    meta: [...(title ? [{ title }] : []), ...(description ? [{ name: 'description', content: description }] : [])],
  };
}
