// A part of a route's view the server may write from HTML it drew for an earlier request from the same
// loader data (server/ssr/kept-html.tsx), in a frame that takes no part in the layout. In the browser,
// and whenever nothing is kept, the frame holds the part as drawn now: the browser hydrates either the same.
import type { ReactNode } from 'react';

export function KeptFrame({ kept, children }: { kept: string | undefined; children: ReactNode }) {
  if (kept !== undefined) return <div className="kept-frame" dangerouslySetInnerHTML={{ __html: kept }} />;
  return <div className="kept-frame">{children}</div>;
}
