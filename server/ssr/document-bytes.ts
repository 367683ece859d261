// The document as sent: React's page with the block stylesheets written into its head, a cached view's
// image preloads, the module preloads that wait for the main paint, and the end of the body (data
// scripts, the translation snapshot), encoded in UTF-8 in pieces.
import { TRANSLATION_SNAPSHOT_ID } from '../../renderer/router-context';
import { scriptJson } from '../../renderer/ui/script-json';
import { deferModulePreloads } from './deferred-preloads';
import { utf8Of } from './utf8';

/**
 * The strings this page was rendered with, for the browser's first render (before i18next loads). In key
 * order: parts written from the render cache recorded their strings before the page's own, and the
 * page must be the same bytes whichever way it was made.
 */
export function translationSnapshot(entries: Record<string, string>): string {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(entries).sort()) sorted[key] = entries[key]!;
  return `<script type="application/json" id="${TRANSLATION_SNAPSHOT_ID}">${scriptJson(sorted)}</script>`;
}

/**
 * The page's block stylesheets written into its head (each small) instead of linked: they block the
 * first paint, and four or five of them waited for connections beside the page's scripts (a funnel
 * checkout's first paint). In the form React gives its own inline stylesheets, so React knows them.
 */
export function inlineBlockStyles(head: string, styles: Record<string, string> | undefined, inlined?: string[]): string {
  if (!styles) return head;
  return head.replace(/<link rel="stylesheet" href="([^"]+)" data-precedence="blocks"\/>/g, (link, href: string) => {
    const css = styles[href];
    if (css === undefined) return link;
    inlined?.push(href);
    return `<style data-precedence="blocks" data-href="${href}">${inlineStyleText(css)}</style>`;
  });
}

/** A block stylesheet's text as written into a page: nothing in it closes the element. */
export const inlineStyleText = (css: string) => css.replace(/<\//g, '<\\/');

/**
 * The document as sent, in UTF-8: its head with the block stylesheets written in and `head` added, and
 * `bodyEnd` (the translation snapshot) just before `</body>`. A page is searched once and encoded
 * once, in pieces: each search of a page made by joining strings copies it whole first, and a regular
 * expression over all of it costs more, where only the head can hold a stylesheet link.
 */
export function documentBytes(document: string, added: DocumentAdditions) {
  return utf8Of(documentPieces(document, added));
}

interface DocumentAdditions {
  styles: Record<string, string> | undefined;
  /** Filled with the hrefs of the stylesheets written in. */
  inlined?: string[];
  /** Image preloads of a cached view: written before the head's first stylesheet, where React puts them. */
  head: string;
  bodyEnd: string;
  /**
   * When set, the head's module preloads but these wait for the page's main paint (deferred-preloads.ts):
   * a page the router hydrates, not an islands page (whose entry imports its islands' code at once).
   */
  eagerPreloads?: ReadonlySet<string>;
}

/** The document as sent, in the pieces documentBytes encodes. */
export function documentPieces(document: string, added: DocumentAdditions): string[] {
  const headEnd = Math.max(0, document.indexOf('</head>'));
  const bodyEnd = document.lastIndexOf('</body>');
  const end = bodyEnd < headEnd ? document.length : bodyEnd;
  const head = withImagePreloads(inlineBlockStyles(document.slice(0, headEnd), added.styles, added.inlined), added.head);
  const deferred = added.eagerPreloads ? deferModulePreloads(head, added.eagerPreloads) : { head, script: '' };
  return [deferred.head, document.slice(headEnd, end), deferred.script + added.bodyEnd, document.slice(end)];
}

/**
 * `preloads` (a cached view's main images) where React writes the image preloads of a page it renders
 * whole: before the head's first stylesheet, so a page written from the cache is the page rendered fresh.
 */
function withImagePreloads(head: string, preloads: string): string {
  if (!preloads) return head;
  const at = head.search(/<link rel="stylesheet"|<style\b/);
  return at < 0 ? head + preloads : head.slice(0, at) + preloads + head.slice(at);
}
