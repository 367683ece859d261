// The module preloads of a page that wait for its main paint (renderer/deferred-preloads.ts): taken out of
// the head the router and React wrote, their URLs listed in a JSON script the entry reads once the page
// has shown.
import { DEFERRED_PRELOADS_ID } from '../../renderer/deferred-preloads';
import { scriptJson } from '../../renderer/ui/script-json';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: fetchPriority="(?:low|high|auto)")?\/>/g;

/**
 * The head without its module preloads, but those of `eager` (the entry's own imports, which the browser
 * needs at once), and the script listing the others, in the head's order (or '' when there are none).
 */
export function deferModulePreloads(head: string, eager: ReadonlySet<string>): { head: string; script: string } {
  const deferred: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (link, href: string) => {
    if (eager.has(href)) return link;
    if (!deferred.includes(href)) deferred.push(href);
    return '';
  });
  return {
    head: rest,
    script: deferred.length
      ? `<script type="application/json" id="${DEFERRED_PRELOADS_ID}">${scriptJson(deferred)}</script>`
      : '',
  };
}
