// What a call is, declared once on its route beside validate() (the idea of hono-openapi's
// describeRoute): its summary and group in the API document, the schema of its answer, and who may call
// it. The caller rule is enforced here, by the same declaration the document is made from, so what the
// document says and what the server does cannot drift apart. openapi.ts reads the declarations from the
// routes (as it reads validate()'s schemas); `npm run gen` writes the document and the browser client's
// types from them (schemas/generated/openapi.json, schemas/generated/api-calls.ts).
import type { MiddlewareHandler } from 'hono';
import { requireMerchant } from './merchant-auth';
import { requireCustomer, requireVisitor } from './request-context';

/** The groups of the API document. */
export type Tag =
  | 'Site and content'
  | 'Products'
  | 'Cart'
  | 'Checkout'
  | 'Checkout (merchant)'
  | 'Payment'
  | 'Orders'
  | 'Orders (merchant)'
  | 'Attribution'
  | 'Attribution (merchant)'
  | 'Funnels'
  | 'Pages (merchant)'
  | 'Funnels (merchant)'
  | 'Customer'
  | 'Customer (merchant)'
  | 'Shopper forms'
  | 'Shopper forms (merchant)';

/**
 * Who may call:
 * - `anyone`: no check (a call may still read the visitor when one is sent: see `visitorWhen`);
 * - `visitor`: the `customerUUID` header (a UUID) is required: a 400 naming it, before the body is read;
 * - `customer`: a signed-in customer (a live session of the `sign` header or the `token` cookie, found by
 *   the shopper context), else a 401;
 * - `merchant`: `Authorization: Bearer <merchant token>`, else a 401 (before the body is read).
 */
export type Caller = 'anyone' | 'visitor' | 'customer' | 'merchant';

export interface RouteDescription {
  summary: string;
  tag: Tag;
  /** $defs name of the envelope's data (schemas/api.schema.json), or an array of it ("Menu[]"). */
  response: string;
  caller: Caller;
  /**
   * A call of anyone that needs the visitor in some cases only (its handler asks for it then): when,
   * as the API document says of the optional customerUUID header.
   */
  visitorWhen?: string;
  /** The answer is the response schema itself, not the envelope (the spec's payment-method list). */
  bare?: boolean;
  /** Answered 204 with no body, whatever was sent (the CSP report endpoint). */
  noContent?: boolean;
  /** A body read by the route itself, not as JSON: its $defs name and the content types it is sent as. */
  rawBody?: { def: string; contentTypes: string[] };
}

/** Middleware declaring a call (read by openapi.ts as `.describes`) and checking its caller. */
export function describeRoute(description: RouteDescription): MiddlewareHandler & { describes: RouteDescription } {
  const { caller } = description;
  const handler: MiddlewareHandler = async (c, next) => {
    if (caller === 'merchant') requireMerchant(c);
    else if (caller === 'visitor') requireVisitor(c);
    else if (caller === 'customer') requireCustomer(c);
    await next();
  };
  return Object.assign(handler, { describes: description });
}
