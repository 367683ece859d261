import type { ProductCard } from '../../schemas/generated/api';
import type { BlockLoad, SettingsOf } from '../types';

export interface FeaturedProductData {
  /** Null when the product is no longer on sale: the block then shows nothing. */
  product: ProductCard | null;
}

export const loadFeaturedProduct: BlockLoad<SettingsOf<'featured-product'>, FeaturedProductData> = async ({ settings, api }) => {
  const list = await api.products.list({ handles: settings.product, limit: 1 });
  return { product: list.items[0] ?? null };
};
