// The bundle block: a product's bundles with "add all" (the product page's bundle, on any page).
import schema from './schema.json' with { type: 'json' };
import { loadPromotions } from '../shared/promotions/load';

export { schema };
export const component = () => import('./BundleBlock');
export const load = loadPromotions('bundle');
