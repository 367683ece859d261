// Block type -> its component, loaded on demand: each type is its own chunk, so a page sends the
// browser only the code of the blocks it holds.
import type { blockTypes } from '../schemas/generated/block-types';
import type { BlockComponentModule } from './types';

export type BlockType = (typeof blockTypes)[number];

export const blockComponents: Record<BlockType, () => Promise<BlockComponentModule>> = {
  'collection-list': () => import('./collection-list/CollectionList'),
  countdown: () => import('./countdown/Countdown'),
  'image-banner': () => import('./image-banner/ImageBanner'),
  'product-grid': () => import('./product-grid/ProductGrid'),
  'rich-text': () => import('./rich-text/RichText'),
  section: () => import('./section/Section'),
};
