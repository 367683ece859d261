import type { Image, Money } from '../../schemas/generated/api';
import type { BlockLoad, SettingsOf } from '../types';

export interface BumpData {
  title: string;
  image: Image | null;
  /** The SKU added: the product's first one in stock (null: sold out, the offer is not shown). */
  skuId: number | null;
  price: Money | null;
  compareAtPrice: Money | null;
}

export const loadBumpProduct: BlockLoad<SettingsOf<'order-bump'>, BumpData> = async ({ settings, api }) => {
  const product = await api.products.byHandle(settings.product);
  const sku = product.skus.find((s) => s.available) ?? null;
  return {
    title: product.title,
    image: product.images[0] ?? null,
    skuId: sku?.id ?? null,
    price: sku?.price ?? null,
    compareAtPrice: sku?.compareAtPrice ?? null,
  };
};
