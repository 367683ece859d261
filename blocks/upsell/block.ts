// The upsell block: the one-click offer of an upsell step, drawn for the buyer it is shown to.
// Its settings: schema.json; the offer itself (product, price, deadline, token) is the funnel step's.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Offer');
/** One buyer's offer (its token, its deadline): its HTML is never kept and reused. */
export const drawnPerRequest = true;
