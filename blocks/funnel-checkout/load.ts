import type { Image, Money, ProductOption } from '../../schemas/generated/api';
import type { BlockLoad, SettingsOf } from '../types';

/** What the block shows of one of its products: its SKUs with their prices in the visitor's currency. */
export interface FunnelProductData {
  id: number;
  handle: string;
  title: string;
  image: Image | null;
  options: ProductOption[];
  skus: { id: number; options: Record<string, string>; price: Money; compareAtPrice: Money | null; available: boolean }[];
}

export interface FunnelCheckoutData {
  /** In the order of the settings; a product no longer on sale is left out. */
  products: (FunnelProductData | null)[];
}

export const loadFunnelCheckout: BlockLoad<SettingsOf<'funnel-checkout'>, FunnelCheckoutData> = async ({ settings, api }) => ({
  products: await Promise.all(
    settings.products.map(async ({ product }) => {
      const found = await api.products.byHandle(product).catch(() => null);
      if (!found) return null;
      return {
        id: found.id,
        handle: found.handle,
        title: found.title,
        image: found.images[0] ?? null,
        options: found.options,
        skus: found.skus.map((s) => ({
          id: s.id,
          options: s.options,
          price: s.price,
          compareAtPrice: s.compareAtPrice,
          available: s.available,
        })),
      };
    }),
  ),
});
