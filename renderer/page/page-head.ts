import type { PageView } from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';

/**
 * Title, description, canonical link and Open Graph basics of a theme page, in the visitor's locale.
 * `url`: the page's absolute address, made by the route from the shop's public origin.
 */
export function pageHead(view: PageView | undefined, locale: string, url: string) {
  if (!view) return {};
  const title = localize(view.page.title, locale);
  const description = localize(view.page.description, locale);
  return {
    meta: [
      ...(title ? [{ title }, { property: 'og:title', content: title }] : []),
      ...(description
        ? [
            { name: 'description', content: description },
            { property: 'og:description', content: description },
          ]
        : []),
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: url },
      // A preview (a draft, an old version) is for the merchant, never for search engines.
      ...(view.preview ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}
