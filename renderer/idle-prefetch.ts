// Link prefetch (spec section 9): once a page has been idle for 2 s, the pages its links in view lead to
// are preloaded by the router (their view's code and their data), so following one shows it at once.
// Only after the shopper's first sign of engagement (a scroll, a touch, a pointer move, a key): preloading
// costs a phone's main thread (the loaders' work, a date formatter made) at the moment a page is still
// settling, which a visitor who reads and leaves pays for nothing (and Lighthouse counts as blocking time).
// Skipped offline, on a 2g connection and in data-saver mode, where the bytes cost the shopper more than
// the wait. Only shared pages are preloaded (cache-policy.ts: the same for every visitor, cheap for the
// server): never a cart, a checkout, an account page or a link that changes something (a cart permalink).
import type { AnyRouter } from '@tanstack/react-router';
import { cachePolicy } from './cache-policy';

/** Spec section 9: the link prefetch idle timeout. */
export const PREFETCH_IDLE_MS = 2000;
/** At most this many pages per page shown: the links at the top of a long grid are the likely ones. */
const MAX_PREFETCHES = 8;

/** What the browser says of its connection (the Network Information API; absent in some browsers). */
export interface NavigatorFacts {
  onLine?: boolean;
  connection?: { effectiveType?: string; saveData?: boolean };
}

/** Whether prefetching is worth the shopper's bytes now. */
export function prefetchAllowed({ onLine, connection }: NavigatorFacts): boolean {
  if (onLine === false) return false;
  if (connection?.saveData) return false;
  return !(connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g');
}

/** The same-origin pages of `hrefs` to preload: each once, never the page shown, at most MAX_PREFETCHES. */
export function pagesToPrefetch(hrefs: readonly string[], origin: string, shown: string, isShared: (path: string) => boolean) {
  const pages = new Set<string>();
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, origin);
    } catch {
      continue;
    }
    const page = url.pathname + url.search;
    if (url.origin !== origin || url.pathname === shown || pages.has(page) || !isShared(url.pathname)) continue;
    pages.add(page);
    if (pages.size === MAX_PREFETCHES) break;
  }
  return [...pages];
}

/** The links the shopper can see now, in the order of the page. */
function linksInView(): string[] {
  const height = window.innerHeight;
  return [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
    .filter((a) => !a.target && !a.hasAttribute('download'))
    .filter((a) => {
      const box = a.getBoundingClientRect();
      return box.bottom > 0 && box.top < height && box.width > 0;
    })
    .map((a) => a.href);
}

/** Once the shopper engages, 2 s after each page shows and when the browser is idle, preloads the pages its links in view lead to. */
export function prefetchLinksWhenIdle(router: AnyRouter): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const prefetch = async () => {
    if (!prefetchAllowed(navigator as Navigator & NavigatorFacts)) return;
    const shown = router.state.location.pathname;
    const pages = pagesToPrefetch(linksInView(), location.origin, shown, (path) => cachePolicy(router, path) === 'public');
    // One after another: the shopper's own requests never queue behind a burst of them.
    for (const href of pages) {
      if (router.state.location.pathname !== shown) return;
      // The router builds the location from `href` (a path and its query), which its types leave out.
      await router.preloadRoute({ href } as unknown as Parameters<AnyRouter['preloadRoute']>[0]).catch(() => undefined);
    }
  };
  let engaged = false;
  const schedule = () => {
    if (!engaged) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => void prefetch());
      else void prefetch();
    }, PREFETCH_IDLE_MS);
  };
  router.subscribe('onResolved', schedule);
  whenEngaged(() => {
    engaged = true;
    schedule();
  });
}

const ENGAGEMENT_EVENTS = ['scroll', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/** Runs `task` once, on the first scroll, touch, pointer move or key press of the page. */
export function whenEngaged(task: () => void, target: Pick<Window, 'addEventListener'> = window) {
  const listening = new AbortController();
  const engaged = () => {
    listening.abort();
    task();
  };
  for (const type of ENGAGEMENT_EVENTS)
    target.addEventListener(type, engaged, { capture: true, passive: true, signal: listening.signal });
}
