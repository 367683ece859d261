// Block components, loaded before they render: on the server all of them at start; in the browser the
// ones a page holds, before hydration (router `hydrate`) or before a client navigation (route loader).
import { blockComponents } from '../../blocks/generated/components';
import type { BlockType } from '../../schemas/generated/block-types';
import { loadBlockComponents } from './loaded-blocks';

export { blockComponent } from './loaded-blocks';

/** Resolves once every named block type can render; undefined when they already can (no await needed). */
export const ensureBlockComponents = (types: readonly BlockType[]): Promise<void> | undefined =>
  loadBlockComponents(types, blockComponents);

export const allBlockTypes = Object.keys(blockComponents) as BlockType[];
