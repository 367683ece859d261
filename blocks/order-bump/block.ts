// The order-bump block: a checkbox offer in a funnel's checkout (one more product, with a tick).
import schema from './schema.json' with { type: 'json' };
import { loadBumpProduct } from './load';

export { schema };
export const component = () => import('./OrderBump');
export const load = loadBumpProduct;
/**
 * Drawn where the page is shown (a funnel's checkout step draws it into the form, elsewhere in place):
 * its HTML, made apart from the step, is never kept and reused.
 */
export const drawnPerRequest = true;
