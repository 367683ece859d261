// The product-grid block: a grid of product cards from a collection or a list of products.
// Its settings: schema.json. What the browser runs: the component, loaded with the first page that holds it.
import schema from './schema.json' with { type: 'json' };
import { loadProductGrid } from './load';

export { schema };
export const component = () => import('./ProductGrid');
export const load = loadProductGrid;
