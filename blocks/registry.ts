// The block registry: type -> { schema, component, load }. Adding a block type means adding its folder
// (schema.json, component, optional load.ts, fixture.json, tests), a line here and one in components.ts,
// then `npm run gen`. A test checks that folders, this registry and page.schema.json agree.
import type { BlockType } from './components';
import collectionListSchema from './collection-list/schema.json' with { type: 'json' };
import { loadCollectionList } from './collection-list/load';
import { blockComponents } from './components';
import countdownSchema from './countdown/schema.json' with { type: 'json' };
import imageBannerSchema from './image-banner/schema.json' with { type: 'json' };
import productGridSchema from './product-grid/schema.json' with { type: 'json' };
import { loadProductGrid } from './product-grid/load';
import richTextSchema from './rich-text/schema.json' with { type: 'json' };
import sectionSchema from './section/schema.json' with { type: 'json' };
import type { BlockComponentModule, BlockLoad } from './types';

export interface BlockDefinition {
  schema: Record<string, unknown>;
  component: () => Promise<BlockComponentModule>;
  load?: BlockLoad<any, unknown>;
  /** Drawn from the request itself (the countdown: the server's clock), so its HTML is never kept and reused. */
  drawnPerRequest?: true;
}

export const blockRegistry: Record<BlockType, BlockDefinition> = {
  'collection-list': { schema: collectionListSchema, component: blockComponents['collection-list'], load: loadCollectionList },
  countdown: { schema: countdownSchema, component: blockComponents.countdown, drawnPerRequest: true },
  'image-banner': { schema: imageBannerSchema, component: blockComponents['image-banner'] },
  'product-grid': { schema: productGridSchema, component: blockComponents['product-grid'], load: loadProductGrid },
  'rich-text': { schema: richTextSchema, component: blockComponents['rich-text'] },
  section: { schema: sectionSchema, component: blockComponents.section },
};

export type { BlockType };
