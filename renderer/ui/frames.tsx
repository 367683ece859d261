// Frames a view or block is rendered in: a boundary that cuts hydration into pieces, and a frame the
// server may fill with HTML from its render cache. One module, so both travel in the entry's chunk (a view's chunk
// importing a module of its own would add a request to the page).
import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary whose only job is to cut hydration into pieces: React hydrates each boundary in a
 * task of its own and yields between them, so a long page never blocks the main thread in one go.
 * Nothing here suspends on the server (the data and the code are loaded before rendering). `fallback` is
 * drawn on the server in place of a part that threw (renderer/page/left-out-block.tsx).
 */
export function HydrationBoundary({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/**
 * A route's view the server may write from HTML it rendered for an earlier request from the same loader
 * data (server/ssr/cached-html.tsx; the route declares `staticData.cacheView`), in a frame that takes no
 * part in the layout. In the browser, and whenever nothing is cached, the frame holds the view as
 * rendered now: the browser hydrates either the same.
 */
export function CachedFrame({ cached, children }: { cached: string | undefined; children: ReactNode }) {
  if (cached !== undefined) return <div className="cached-frame" dangerouslySetInnerHTML={{ __html: cached }} />;
  return <div className="cached-frame">{children}</div>;
}
