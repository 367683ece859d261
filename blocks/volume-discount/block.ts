// The volume-discount block: a product's tiers (minimum quantity, order price, discount).
import schema from './schema.json' with { type: 'json' };
import { loadPromotions } from '../shared/promotions/load';

export { schema };
export const component = () => import('./VolumeDiscount');
export const load = loadPromotions('volume');
