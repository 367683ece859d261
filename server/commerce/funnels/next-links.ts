// A funnel page's links to `#next` (a button's link, a Markdown link in a text) made to lead to the
// funnel's next step (spec: globalNextLink, nextHandle): the page's JSON with every such link replaced.
import type { Page } from '../../../schemas/generated/page';

export const NEXT_LINK = '#next';

function replaced(value: unknown, next: string): unknown {
  if (typeof value === 'string') {
    if (value === NEXT_LINK) return next;
    return value.includes(`](${NEXT_LINK})`) ? value.split(`](${NEXT_LINK})`).join(`](${next})`) : value;
  }
  if (Array.isArray(value)) return value.map((item) => replaced(item, next));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, next)]));
  return value;
}

/** The page with its links to `#next` leading to `next` (the page itself is left as it is). */
export function withNextLinks(page: Page, next: string): Page {
  return { ...page, blocks: replaced(page.blocks, next) as Page['blocks'] };
}
