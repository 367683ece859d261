// What the shop forgets when something it rendered from changes. A page or funnel saved here drops the
// renderer's kept answers and the page cache at once and is told to the other processes; a change of
// the site's settings (money formats, currencies, menus) here, or any change another process tells of,
// drops everything read (server/db/change-feed.ts): a merchant's save is seen by every process within
// moments.
import type { Commerce } from './commerce';
import type { ReadThrough } from './commerce/cache';
import type { ChangeFeed, ShopChange } from './db/change-feed';
import type { PageCache } from './ssr/page-cache';
import type { CdnPurge } from './cdn-purge';

export function forgetOnChange(deps: {
  commerce: Commerce;
  pageCache: PageCache;
  /** The renderer's kept answers (in-process-api.ts). */
  answers: ReadThrough<{}>;
  changes: ChangeFeed;
  /** Tells a CDN in front of the shop (server/cdn-purge.ts), from the process that made the change. */
  purge?: CdnPurge;
  log: (message: string, error?: unknown) => void;
}): void {
  const { commerce, pageCache, answers, changes, log } = deps;
  const forgetRendered = () => {
    answers.clear();
    pageCache.clear();
  };
  const tellOthers = (change: ShopChange) => {
    void deps.purge?.(change);
    return changes.publish(change).catch((error) => log('the other server processes could not be told of a change', error));
  };
  const onSaved = (kind: 'page' | 'funnel') => (handle: string) => {
    forgetRendered();
    void tellOthers({ kind, handle });
  };
  commerce.pages.onSaved(onSaved('page'));
  commerce.funnels.onSaved(onSaved('funnel'));
  const forgetEverything = () => {
    commerce.caches.clear();
    pageCache.clear();
  };
  // The used apps are site settings too (what every page's head and scripts are made from).
  const siteChanged = () => {
    forgetEverything();
    void tellOthers({ kind: 'site' });
  };
  commerce.site.onChanged(siteChanged);
  commerce.reference.onChanged(siteChanged);
  changes.subscribe(forgetEverything);
}
