import type { Collection } from '../../schemas/generated/api';
import type { BlockLoad, SettingsOf } from '../types';

export interface CollectionListData {
  collections: Collection[];
}

/** The collections named, in their order; one that does not exist (any more) is left out. */
export const loadCollectionList: BlockLoad<SettingsOf<'collection-list'>, CollectionListData> = async ({ settings, api }) => {
  const found = await Promise.all(settings.collections.map((handle) => api.collection(handle).catch(() => null)));
  return { collections: found.filter((c): c is Collection => c !== null) };
};
