// The testimonials block: customers' quotes with their author and rating.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Testimonials');
/** Plain HTML: on an islands page its code is not sent (its links are plain links). */
export const hydration = 'none';
