// The rich-text block: a heading and formatted text.
// Its settings: schema.json. What the browser runs: the component, loaded with the first page that holds it.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./RichText');
/** Plain HTML: on an islands page its code is not sent (its links are plain links). */
export const hydration = 'none';
