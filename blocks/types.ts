// The contract between a block and the page renderer.
import type { ComponentType, ReactNode } from 'react';
import type { ApiClient } from '../renderer/api/client';

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
