// The downsell block: the one-click offer of a downsell step (after an upsell was declined). It is drawn
// as the upsell's offer is (blocks/shared/offer/Offer.tsx), with its own settings and wording.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('../shared/offer/Offer');
/** One buyer's offer (its token, its deadline): its HTML is never kept and reused. */
export const drawnPerRequest = true;
