// Renders a React tree to an HTML string, without losing render errors. renderToString is the fastest
// way, but it hides an error thrown inside a Suspense boundary: it leaves the boundary for the browser
// to render (marked <!--$!-->) and says nothing.
//
// A block's boundary that failed so is a block left out of the page (renderer/page/left-out-block.tsx):
// its fallback names the block, and the page is answered without it. Any other boundary that failed is
// a fault of the page itself; the caller answers with its error page. Either way, when that marker shows,
// the tree is rendered again with a stream renderer whose onError gives the errors, for the log: only a
// page with a fault pays for it.
import { PassThrough } from 'node:stream';
import { createElement, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { LeftOutBlocksContext, type LeftOutBlock } from '../../renderer/page/left-out-block';

/** React's mark for a Suspense boundary that failed on the server and is left to the client. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** A block the page was rendered without, and what it threw (undefined if the second render did not say). */
export interface FailedBlock extends LeftOutBlock {
  error: unknown;
}

export interface RenderedHtml {
  html: string;
  /** A fault of the page outside any block: the page must not be sent. */
  error?: unknown;
  /** Blocks that threw and are left out of `html`. */
  leftOut?: FailedBlock[];
}

/** The tree, telling `leftOut` of every block whose boundary draws its fallback. */
const reporting = (tree: ReactNode, leftOut: LeftOutBlock[]) =>
  createElement(LeftOutBlocksContext.Provider, { value: (block: LeftOutBlock) => void leftOut.push(block) }, tree);

function count(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/** The errors of the failed boundaries, in the order React met them, and the blocks left out in the same order. */
function renderForErrors(tree: () => ReactNode): Promise<{ errors: unknown[]; leftOut: LeftOutBlock[] }> {
  const errors: unknown[] = [];
  const leftOut: LeftOutBlock[] = [];
  return new Promise((resolve) => {
    const { pipe } = renderToPipeableStream(reporting(tree(), leftOut), {
      onError: (error) => {
        errors.push(error);
      },
      onAllReady: () => resolve({ errors, leftOut }),
      onShellError: (error) => resolve({ errors: [error], leftOut: [] }),
    });
    pipe(new PassThrough().resume());
  });
}

export async function renderHtml(tree: () => ReactNode): Promise<RenderedHtml> {
  const leftOut: LeftOutBlock[] = [];
  const html = renderToString(reporting(tree(), leftOut));
  const failed = count(html, CLIENT_RENDERED_BOUNDARY);
  if (failed === 0) return { html };
  const again = await renderForErrors(tree);
  if (leftOut.length !== failed) {
    return { html, error: again.errors[0] ?? new Error('Part of the page failed to render on the server.') };
  }
  // React meets each failed boundary's error, then draws the fallbacks in the same order: the n-th error
  // is the n-th block's (when the second render failed the same way).
  const paired = again.errors.length === again.leftOut.length;
  return {
    html,
    leftOut: leftOut.map((block) => {
      const at = again.leftOut.findIndex((b) => b.id === block.id && b.page === block.page);
      return { ...block, error: paired && at !== -1 ? again.errors[at] : undefined };
    }),
  };
}
