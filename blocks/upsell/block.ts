// The upsell block: the one-click offer of an upsell step, drawn for the buyer it is shown to.
// Its settings: schema.json; its component, shared with the downsell: blocks/shared/offer/Offer.tsx. The
// offer itself (product, price, deadline, token) is the funnel step's.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('../shared/offer/Offer');
/** One buyer's offer (its token, its deadline): its HTML is never kept and reused. */
export const drawnPerRequest = true;
