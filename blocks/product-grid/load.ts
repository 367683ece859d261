import type { ProductCard } from '../../schemas/generated/api';
import type { BlockLoad, SettingsOf } from '../types';

export interface ProductGridData {
  products: ProductCard[];
  /** The collection shown, for the heading and the "view all" link. */
  collection: { handle: string; title: string; total: number } | null;
}

export const loadProductGrid: BlockLoad<SettingsOf<'product-grid'>, ProductGridData> = async ({ settings, api }) => {
  const limit = settings.limit;
  if (settings.collection) {
    const [list, collection] = await Promise.all([
      api.products.list({ categoryHandles: settings.collection, limit }),
      api.collection(settings.collection),
    ]);
    return { products: list.items, collection: { handle: collection.handle, title: collection.title, total: list.total } };
  }
  const handles = (settings.products ?? []).slice(0, limit);
  const list = await api.products.list({ handles: handles.join(','), limit });
  return { products: list.items, collection: null };
};
