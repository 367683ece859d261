// The guarantee block: the shop's service promises as badges.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Guarantee');
/** Plain HTML: on an islands page its code is not sent (its links are plain links). */
export const hydration = 'none';
