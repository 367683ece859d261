// The contract between a block and the page renderer. A block type is one folder, blocks/<type>/, whose
// block.ts declares it with the exports of BlockDefinition; `npm run gen` writes the registry from them.
import type { ComponentType, ReactNode } from 'react';
import type { BlockType } from '../schemas/generated/block-types';
import type { BlockMigration } from '../schemas/page-migrations';
import type { ResolvedBlockSettings } from '../schemas/generated/resolved-settings';
import type { ApiClient } from '../renderer/api/client';

/** What a block's block.ts exports. */
export interface BlockDefinition {
  /** Its settings' JSON Schema (schema.json): pages are validated against it, defaults filled in. */
  schema: Record<string, unknown>;
  /** Its component, loaded on demand: `() => import('./Component')` (the component imports its own CSS). */
  component: () => Promise<BlockComponentModule>;
  /** What it shows, gathered on the server before the page renders. */
  load?: BlockLoad<any, unknown>;
  /** Drawn from the request itself (the countdown: the server's clock), so its HTML is never kept and reused. */
  drawnPerRequest?: true;
  /**
   * How it runs in the browser on a page hydrated block by block (an islands page: a funnel landing page
   * without the shop's header and footer, server/ssr/islands.ts). `none`: it is plain HTML (links are
   * plain links), its code is not sent; `island`: its frame is hydrated alone, so it may read only what
   * an island is given (translations, page clock and handle, funnel step, the API client: useApi, never
   * the router). Left out: the block needs the router, and a page holding it is hydrated whole.
   */
  hydration?: BlockHydration;
  /** How its settings changed shape (migrations.ts): older pages are migrated on read. */
  migrations?: readonly BlockMigration[];
}

export type BlockHydration = 'none' | 'island';

/** A block type's settings as its component and load receive them: every setting with a default is set. */
export type SettingsOf<T extends BlockType> = ResolvedBlockSettings[T];

export interface BlockProps<Settings, Data = undefined> {
  /** The block's id in the page (also its anchor). */
  id: string;
  /** Settings as validated, with every default filled in. */
  settings: Settings;
  /** What the block's `load` returned on the server; undefined when it has no load or the load failed. */
  data: Data | undefined;
  /** Rendered child blocks, for container blocks. */
  children?: ReactNode;
}

export interface BlockLoadContext<Settings> {
  settings: Settings;
  api: ApiClient;
  locale: string;
}

/**
 * Gathers the data a block shows; runs on the server before the first byte of the page. Its result is
 * kept for a few seconds (per page version and locale), so it must not depend on the time of the
 * request: time-dependent blocks read the page clock (useRenderTime) instead.
 */
export type BlockLoad<Settings, Data> = (context: BlockLoadContext<Settings>) => Promise<Data>;

export type BlockComponentModule = { default: ComponentType<BlockProps<any, any>> };
