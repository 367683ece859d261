// The funnel-checkout block: a funnel's whole checkout on one page (products, information, shipping,
// payment, order summary). Its settings: schema.json; what it shows of the products: load.ts.
import schema from './schema.json' with { type: 'json' };
import { loadFunnelCheckout } from './load';

export { schema };
export const component = () => import('./FunnelCheckout');
export const load = loadFunnelCheckout;
/** Drawn for the funnel step it is shown on (its checkout starts there): its HTML is never kept and reused. */
export const drawnPerRequest = true;
