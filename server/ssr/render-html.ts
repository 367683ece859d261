// Renders a React tree to an HTML string, without losing render errors. renderToString is the fastest
// way, but it hides an error thrown inside a Suspense boundary: it leaves the boundary for the browser
// to render (marked <!--$!-->) and says nothing. When that marker shows, the tree is rendered again with
// a stream renderer whose onError gives the error; the caller answers with its error page.
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/** React's mark for a Suspense boundary that failed on the server and is left to the client. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export async function renderHtml(tree: () => ReactNode): Promise<{ html: string; error?: unknown }> {
  const html = renderToString(tree());
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return { html };
  const error = await new Promise<unknown>((resolve) => {
    let first: unknown;
    const { pipe } = renderToPipeableStream(tree(), {
      onError: (e) => {
        first ??= e;
      },
      onAllReady: () => resolve(first),
      onShellError: (e) => resolve(e),
    });
    pipe(new PassThrough().resume());
  });
  return { html, error: error ?? new Error('Part of the page failed to render on the server.') };
}
