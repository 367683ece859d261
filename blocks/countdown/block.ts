// The countdown block: a countdown to a moment.
// Its settings: schema.json. What the browser runs: the component, loaded with the first page that holds it.
import schema from './schema.json' with { type: 'json' };

export { schema };
export const component = () => import('./Countdown');
/** Drawn from the request itself (the server's clock): its HTML is never kept and reused. */
export const drawnPerRequest = true;
/** On an islands page (a funnel landing page) its frame is hydrated alone: it ticks without the router. */
export const hydration = 'island';
