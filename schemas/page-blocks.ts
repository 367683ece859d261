// Walks the blocks of a page (containers included), skipping hidden ones: shared by the renderer, the
// blocks and the server (a funnel checkout finds its products in its page's blocks).
import type { Block, Page } from './generated/page';

export function* visibleBlocks(blocks: readonly Block[]): Generator<Block> {
  for (const block of blocks) {
    if (block.hidden) continue;
    yield block;
    if ('blocks' in block && block.blocks) yield* visibleBlocks(block.blocks);
  }
}

/** Every block type a page shows: their chunks are the code the browser needs for it. */
export function blockTypesOf(page: Page): Block['type'][] {
  return [...new Set([...visibleBlocks(page.blocks)].map((b) => b.type))];
}
