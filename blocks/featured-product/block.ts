// The featured-product block: one product's photo, name and price from the catalog, with a button on
// (a funnel landing's "Get yours"). Its settings: schema.json.
import schema from './schema.json' with { type: 'json' };
import { loadFeaturedProduct } from './load';

export { schema };
export const component = () => import('./FeaturedProduct');
export const load = loadFeaturedProduct;
/** Plain HTML: on an islands page its code is not sent (its link is a plain link). */
export const hydration = 'none';
