// The router's data script (the dehydrated loader data the browser hydrates from), taken from the router
// before the page is rendered, as the HTML <Scripts> would write: a cached document (document-cache.ts) is
// filled with it, and <Scripts> is handed the same tags when the page is rendered whole.
import type { ShopRouter } from '../../renderer/router';

type InitialHydrationTags = NonNullable<ReturnType<NonNullable<ShopRouter['serverSsr']>['takeInitialHydrationScriptTags']>>;
type ScriptTag = InitialHydrationTags['before'][number];

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A script tag as React writes it (<Scripts>'s Asset): a template is only made when it is found so in the page. */
function scriptTagHtml(tag: ScriptTag): string {
  let attributes = '';
  for (const [name, value] of Object.entries(tag.attrs ?? {}))
    if (value !== undefined && value !== null && value !== false)
      attributes += ` ${name}="${value === true ? '' : escapeAttribute(String(value))}"`;
  return `<script${attributes}>${tag.children ?? ''}</script>`;
}

/** The router's data script for this request: as HTML, and the texts of the inline scripts the router writes. */
export interface Hydration {
  /** Its data script tags (a cached document's hole). */
  html: string;
  /** The text of each of them, then of the boundary script <Scripts> writes after the page's entry: hashed for the page's policy. */
  scripts: string[];
}

/**
 * The router's data script for this request, taken before the page is rendered, when the router has written
 * it all (always, as loaders finish before rendering): a cached document is filled with it (document-cache.ts).
 * <Scripts> is handed the same tags if the page is rendered.
 */
export function takeHydration(router: ShopRouter): Hydration | undefined {
  const ssr = router.serverSsr;
  // The router's own bookkeeping: whether its serializer has finished (no later script will follow).
  const scripts = (ssr as { hydrationScripts?: { producerDone?: boolean } } | undefined)?.hydrationScripts;
  if (!ssr || scripts?.producerDone !== true) return undefined;
  const tags = ssr.takeInitialHydrationScriptTags();
  if (!tags) return undefined;
  let given = false;
  ssr.takeInitialHydrationScriptTags = () => {
    if (given) return undefined;
    given = true;
    return tags;
  };
  const texts: string[] = [];
  for (const tag of [...tags.before, tags.boundary]) if (tag.children) texts.push(tag.children);
  return { html: tags.before.map(scriptTagHtml).join(''), scripts: texts };
}

/**
 * When the data script could not be taken before the page is rendered: the texts of the tags <Scripts> takes
 * while rendering it, filled in then.
 */
export function recordHydration(router: ShopRouter): string[] {
  const texts: string[] = [];
  const ssr = router.serverSsr;
  if (!ssr) return texts;
  const take = ssr.takeInitialHydrationScriptTags;
  ssr.takeInitialHydrationScriptTags = () => {
    const tags = take();
    if (tags) for (const tag of [...tags.before, tags.boundary]) if (tag.children) texts.push(tag.children);
    return tags;
  };
  return texts;
}
