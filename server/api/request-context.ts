// What an API call says about who asks and how (spec section 7), worked out once per request by a
// middleware and read by the handlers with c.get: language, currency (with the base currency prices are
// stored in), visitor.
import type { Context, MiddlewareHandler } from 'hono';
import type { Commerce } from '../commerce';
import { badRequest } from '../commerce/errors';
import type { Currency } from '../commerce/pricing/currency';

declare module 'hono' {
  interface ContextVariableMap {
    /** The `language` header every call carries, or `?lang=`; English by default. */
    locale: string;
    /** The currency of `?currencyCode=` (spec: many calls add it), else the base currency. */
    currency: Currency;
    /** The currency prices are stored in. */
    baseCurrency: Currency;
    /** The visitor id (spec: customerUUID header, from the sakUUID cookie), when it is a UUID. */
    visitorId: string | undefined;
  }
}

const LOCALE = /^(?:[a-z]{2})(?:-[A-Z]{2})?$/;
const VISITOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sets locale, currency, baseCurrency and visitorId; 8001 for a currency the shop does not offer. */
export function requestContext(commerce: Commerce): MiddlewareHandler {
  return async (c, next) => {
    const asked = c.req.query('lang') ?? c.req.header('language');
    c.set('locale', asked && LOCALE.test(asked) ? asked : 'en');
    const { currency, base } = await commerce.pricing.currency(c.req.query('currencyCode'));
    c.set('currency', currency);
    c.set('baseCurrency', base);
    const visitor = c.req.header('customerUUID');
    c.set('visitorId', visitor && VISITOR.test(visitor) ? visitor.toLowerCase() : undefined);
    await next();
  };
}

/**
 * The visitor id, for the calls that need one: a 400 naming the header when it is missing. A call
 * declared `caller: 'visitor'` (describe-route.ts) is checked before its body is read; a call that needs
 * the visitor in some cases only (`visitorWhen`) asks here when it does.
 */
export function requireVisitor(c: Context): string {
  const id = c.get('visitorId');
  if (!id) {
    throw badRequest('The visitor id is missing: send the customerUUID header (a UUID).', {
      errors: [{ path: '/customerUUID', message: 'must be a UUID' }],
    });
  }
  return id;
}
