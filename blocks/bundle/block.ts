// The bundle block: a product's bundles with "add all" (the product page's bundle, on any page).
import schema from './schema.json' with { type: 'json' };
import { loadPromotions } from '../volume-discount/load';

export { schema };
export const component = () => import('./BundleBlock');
export const load = loadPromotions('bundle');
