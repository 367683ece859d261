// The module preloads of a shop page that wait for its main paint. The server takes every
// <link rel=modulepreload> but the entry's own out of the page's head (server/ssr/deferred-preloads.ts)
// and lists their URLs in a JSON script; the entry adds them back once the page has shown. Fetched at
// once, the ~30 chunks of the router, React and the page's blocks shared the connections and the
// bandwidth with the page's main image: on a phone's network its largest contentful paint waited for
// them.

export const DEFERRED_PRELOADS_ID = 'vitrine-preloads';

/**
 * Starts fetching the modules the server listed, before the hydration imports them: in one insertion
 * (each link costs the main thread time, more on a phone: bench/RESULTS.md).
 */
export function preloadDeferredModules(doc: Document = document): void {
  const text = doc.getElementById(DEFERRED_PRELOADS_ID)?.textContent;
  if (!text) return;
  const links = doc.createDocumentFragment();
  for (const href of JSON.parse(text) as string[]) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  doc.head.append(links);
}
