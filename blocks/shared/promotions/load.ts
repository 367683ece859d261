import type { Promotion } from '../../../schemas/generated/api';
import type { BlockLoad } from '../../types';

export interface PromotionsData {
  promotions: Promotion[];
}

/** The product's active promotions of one type (the same call as the product page's), priced for the visitor. */
export const loadPromotions =
  (type: Promotion['type']): BlockLoad<{ product: string }, PromotionsData> =>
  async ({ settings, api }) => ({
    promotions: (await api.promotions.forProduct(settings.product)).filter((p) => p.type === type),
  });
