// The section block: a container laying out the blocks it holds in columns.
// Its settings: schema.json. What the browser runs: the component, loaded with the first page that holds it.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Section');
/** Plain HTML: on an islands page its code is not sent (its links are plain links). */
export const hydration = 'none';
