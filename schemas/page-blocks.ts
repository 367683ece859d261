// Walks the blocks of a page (containers included), skipping hidden ones: shared by the renderer, the
// blocks and the server (a funnel checkout finds its products in its page's blocks).
import type { BlockType } from './generated/block-types';
import type { Block, Page } from './generated/page';
import type { ResolvedBlockSettings } from './generated/resolved-settings';

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

/**
 * A block's settings when it is of `type` (else undefined), typed from that block's schema: what the
 * domain reads of a page (`settingsOf(block, 'countdown')?.minutes`). The page must have been validated
 * (pages are, when read from the store): validation fills in every default, including `settings` itself.
 */
export function settingsOf<T extends BlockType>(block: Block | undefined, type: T): ResolvedBlockSettings[T] | undefined {
  if (block?.type !== type) return undefined;
  // The one cast: narrowing `block` by a generic `type` is beyond TypeScript, and the generated
  // `BlockSettings` types leave defaulted settings optional where a validated page always has them.
  return (block.settings ?? {}) as ResolvedBlockSettings[T];
}
