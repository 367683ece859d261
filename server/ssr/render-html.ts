// Renders a React tree to an HTML string, without losing render errors. renderToString is the fastest
// way, but it hides an error thrown inside a Suspense boundary: it leaves the boundary for the browser
// to render (marked <!--$!-->) and says nothing. When that marker shows, the tree is rendered again with
// a stream renderer whose onError reports what went wrong.
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/** React's mark for a Suspense boundary that failed on the server and is left to the client. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export function renderHtml(tree: () => ReactNode, onRenderError: (error: unknown) => void): string {
  const html = renderToString(tree());
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // Only to find the error for the log; the page already rendered is what is sent.
    const { pipe } = renderToPipeableStream(tree(), {
      onError: (error) => {
        onRenderError(error);
      },
    });
    pipe(new PassThrough().resume());
  }
  return html;
}
