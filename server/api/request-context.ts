// The calls that act for a visitor (the cart) need one: the shopper context (server/shopper-context.ts)
// reads it from the customerUUID header, or the sakUUID cookie, once per request.
import type { Context } from 'hono';
import { badRequest, ShopError, unauthorized } from '../commerce/errors';
import type { SignedInCustomer } from '../commerce/shopper';

/**
 * The visitor id, for the calls that need one: a 400 naming the header when it is missing. A call
 * declared `caller: 'visitor'` (describe-route.ts) is checked before its body is read; a call that needs
 * the visitor in some cases only (`visitorWhen`) asks here when it does.
 */
export function requireVisitor(c: Context): string {
  const id = c.get('shopper').visitorId;
  if (!id) {
    throw badRequest('The visitor id is missing: send the customerUUID header (a UUID).', {
      errors: [{ path: '/customerUUID', message: 'must be a UUID' }],
    });
  }
  return id;
}

/**
 * The visitor whose cart a call changes. A crawler's is refused (403) before anything is written: an
 * explicit refusal rather than a pretended success, so a shopper whose browser were taken for a crawler
 * is told why instead of finding the cart silently unchanged.
 */
export function requireCartWriter(c: Context): string {
  if (c.get('shopper').crawler) throw new ShopError('forbidden', 'Crawlers do not change carts.');
  return requireVisitor(c);
}

/** The signed-in customer of the call: a 401 when there is no live session (declared `caller: 'customer'`). */
export function requireCustomer(c: Context): SignedInCustomer {
  const customer = c.get('shopper').customer;
  if (!customer) throw unauthorized('Please sign in to continue.');
  return customer;
}
