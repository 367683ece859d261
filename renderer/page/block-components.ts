// Block components, loaded before they render: on the server all of them at start; in the browser the
// ones a page holds, before hydration (router `hydrate`) or before a client navigation (route loader).
// Rendering then never suspends, so the server's HTML and the first client render match.
import type { ComponentType } from 'react';
import { blockComponents } from '../../blocks/generated/components';
import type { BlockType } from '../../schemas/generated/block-types';
import type { BlockProps } from '../../blocks/types';

const loaded = new Map<string, ComponentType<BlockProps<any, any>>>();

/** Resolves once every named block type can render; undefined when they already can (no await needed). */
export function ensureBlockComponents(types: readonly BlockType[]): Promise<void> | undefined {
  const missing = types.filter((type) => !loaded.has(type));
  if (missing.length === 0) return undefined;
  return Promise.all(
    missing.map(async (type) => {
      loaded.set(type, (await blockComponents[type]()).default);
    }),
  ).then(() => undefined);
}

export function blockComponent(type: BlockType): ComponentType<BlockProps<any, any>> {
  const component = loaded.get(type);
  if (!component) throw new Error(`The ${type} block was rendered before its code was loaded.`);
  return component;
}

export const allBlockTypes = Object.keys(blockComponents) as BlockType[];
