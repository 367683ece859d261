// A block that throws while it is drawn is left out of its page, never the page with it. On the server,
// React cannot catch an error in a part of the tree (it has no error boundaries there): each block is in a
// Suspense boundary of its own (BlockBody), which React leaves for the browser when the block throws, and
// draws that boundary's fallback instead. The fallback, LeftOutReport, tells the server's renderer which
// block it was (server/ssr/render-html.ts), so the page is answered without it and the block is logged.
// In the browser, BlockErrorBoundary draws nothing in place of a block that throws there.
import { Component, createContext, useContext, type ReactNode } from 'react';
import type { Block } from '../../schemas/generated/page';
import { usePageHandle } from '../state/page-context';

/** A block the server drew its page without. */
export interface LeftOutBlock {
  id: string;
  type: string;
  /** The handle of the page it is on ('' when drawn outside a theme page). */
  page: string;
}

/** Where the server's renderer hears of the blocks left out; none in the browser. */
export const LeftOutBlocksContext = createContext<((block: LeftOutBlock) => void) | null>(null);

/** The fallback of a block's boundary: drawn on the server only when the block threw; draws nothing. */
export function LeftOutReport({ block }: { block: Block }) {
  const report = useContext(LeftOutBlocksContext);
  const page = usePageHandle();
  report?.({ id: block.id, type: block.type, page });
  return null;
}

/**
 * In the browser: a block that throws while drawn (or hydrated, or when the server left it out and the
 * browser draws it) is drawn as nothing, and the rest of the page lives on. React logs the error.
 */
export class BlockErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
