// Block components loaded so far, by type: a block renders only once its code is here, so rendering never
// suspends and the server's HTML and the browser's first render match. What loads them is given a map of
// loaders: every block's (block-components.ts) or an islands page's (blocks/generated/island-components.ts).
import type { ComponentType } from 'react';
import type { BlockType } from '../../schemas/generated/block-types';
import type { BlockComponentModule, BlockProps } from '../../blocks/types';

type BlockLoaders = Partial<Record<BlockType, () => Promise<BlockComponentModule>>>;

const loaded = new Map<string, ComponentType<BlockProps<any, any>>>();

/** Resolves once every named block type can render; undefined when they already can (no await needed). */
export function loadBlockComponents(types: readonly BlockType[], loaders: BlockLoaders): Promise<void> | undefined {
  const missing = types.filter((type) => !loaded.has(type));
  if (missing.length === 0) return undefined;
  return Promise.all(
    missing.map(async (type) => {
      const load = loaders[type];
      if (!load) throw new Error(`No code is known for the ${type} block here.`);
      loaded.set(type, (await load()).default);
    }),
  ).then(() => undefined);
}

export function blockComponent(type: BlockType): ComponentType<BlockProps<any, any>> {
  const component = loaded.get(type);
  if (!component) throw new Error(`The ${type} block was rendered before its code was loaded.`);
  return component;
}
