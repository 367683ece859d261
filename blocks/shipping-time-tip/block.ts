// The shipping-time tip: when an order placed today arrives in the shopper's country.
import schema from './schema.json' with { type: 'json' };
import { loadCountries } from './load';

export { schema };
export const component = () => import('./ShippingTimeTip');
export const load = loadCountries;
/** Drawn from the server's clock (today's date range): its HTML is never kept and reused. */
export const drawnPerRequest = true;
