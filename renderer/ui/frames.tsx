// Frames a view or block is drawn in: a boundary that cuts hydration into pieces, and a frame the server
// may fill with HTML it drew before. One module, so both travel in the entry's chunk (a view's chunk
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
 * A part of a route's view the server may write from HTML it drew for an earlier request from the same
 * loader data (server/ssr/kept-html.tsx), in a frame that takes no part in the layout. In the browser, and
 * whenever nothing is kept, the frame holds the part as drawn now: the browser hydrates either the same.
 */
export function KeptFrame({ kept, children }: { kept: string | undefined; children: ReactNode }) {
  if (kept !== undefined) return <div className="kept-frame" dangerouslySetInnerHTML={{ __html: kept }} />;
  return <div className="kept-frame">{children}</div>;
}
