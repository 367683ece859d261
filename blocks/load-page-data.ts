// Runs the `load` of every block of a page, all at once. A block whose load fails is left without
// data (it shows its empty state) instead of failing the page: secondary data degrades, never breaks.
import type { Block, Page } from '../schemas/generated/page';
import type { ApiClient } from '../renderer/api/client';
import { visibleBlocks } from '../schemas/page-blocks';
import { blockRegistry } from './generated/registry';

export async function loadPageData(
  page: Page,
  context: { api: ApiClient; locale: string; onError: (block: Block, error: unknown) => void },
): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    [...visibleBlocks(page.blocks)].map(async (block) => {
      const load = blockRegistry[block.type].load;
      if (!load) return null;
      try {
        return [block.id, await load({ settings: block.settings ?? {}, api: context.api, locale: context.locale })] as const;
      } catch (error) {
        context.onError(block, error);
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((e) => e !== null));
}
