// What an API call says about who asks and how (spec section 7): language, currency, visitor.
import type { Context } from 'hono';
import { badRequest } from '../commerce/errors';
import type { Commerce } from '../commerce';

const LOCALE = /^(?:[a-z]{2})(?:-[A-Z]{2})?$/;
const VISITOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `language` header every call carries, or `?lang=`; English by default. */
export function requestLocale(c: Context): string {
  const asked = c.req.query('lang') ?? c.req.header('language');
  return asked && LOCALE.test(asked) ? asked : 'en';
}

/** The currency of `?currencyCode=` (spec: many calls add currencyCode), else the base currency. */
export function requestCurrency(c: Context, commerce: Commerce) {
  return commerce.pricing.currency(c.req.query('currencyCode'));
}

/** The visitor id (spec: customerUUID header, from the sakUUID cookie). */
export function visitorId(c: Context): string {
  const id = c.req.header('customerUUID');
  if (!id || !VISITOR.test(id)) {
    throw badRequest('The visitor id is missing: send the customerUUID header (a UUID).', {
      errors: [{ path: '/customerUUID', message: 'must be a UUID' }],
    });
  }
  return id.toLowerCase();
}
