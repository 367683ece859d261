// The collection-list block: cards of collections, each with its image and title.
// Its settings: schema.json. What the browser runs: the component, loaded with the first page that holds it.
import schema from './schema.json' with { type: 'json' };
import { loadCollectionList } from './load';

export { schema };
export const component = () => import('./CollectionList');
export const load = loadCollectionList;
