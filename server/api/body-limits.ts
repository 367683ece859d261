// What a request body may be, on every route: of a type the shop reads, and not too large.
//
// Type: the API reads JSON. A body of any other type sent to /api is refused with 415 before anything
// reads it, so a call never acts on a body its checks did not see (a payment signed over `{}` with its
// fields in a text/plain body), and a page of another site cannot post to the API without the CORS
// preflight a JSON request needs. Only the pages a payment provider shows the shopper and an offer's
// answer without JavaScript take plain HTML forms; a provider's webhook and browsers' CSP reports are
// read by their routes as they come (OTHER_BODIES).
//
// Size: a merchant's page (PUT /api/pages/{handle}) up to 1 MB, anything else up to 64 KB (a cart or
// checkout body is a few hundred bytes). A larger body is refused with 413 before it is read in full,
// let alone parsed. (What becomes of the unread rest of a refused body: server/listen.ts.)
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ShopError } from '../commerce/errors';

export const MAX_PAGE_BYTES = 1024 * 1024;
export const MAX_BODY_BYTES = 64 * 1024;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
/** The calls that read a body of another type than JSON, and the types they take (null: any). */
const OTHER_BODIES: [path: RegExp, types: Set<string> | null][] = [
  // Plain HTML forms: a payment provider's own pages (3-D Secure, the bank, the wallet's approval,
  // Stripe's cancel button; not its webhook, which is JSON) and an offer's answer without JavaScript.
  [/^\/api\/(?:payment-providers\/[^/]+\/(?!webhook$)|multicurrency\/upsell$)/, FORM_TYPES],
  // A mail program's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, as a form).
  [/^\/api\/newsletter\/unsubscribe$/, FORM_TYPES],
  // Bodies their route reads as they come, whatever their type: a provider's webhook (verified by the
  // provider over the very bytes it then parses; a provider picks its type, and a refused webhook is a
  // payment never confirmed) and browsers' CSP reports (application/csp-report, …; csp-report.ts).
  [/^\/api\/(?:payment-providers\/[^/]+\/webhook|csp-report)$/, null],
];

/** A Content-Type header's media type (lower case) and charset, if it names one. */
function mediaType(header: string | undefined): { type: string; charset?: string } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  let charset: string | undefined;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      charset = value
        ?.trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

/**
 * Whether a Content-Type names JSON the shop reads: application/json or a `+json` type, in UTF-8 (the
 * only encoding JSON has; the body is read as UTF-8 whatever a charset says).
 */
export function isJsonType(header: string | undefined): boolean {
  const { type, charset } = mediaType(header);
  const json = type === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
  return json && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

/**
 * Whether the request carries a body. Over HTTP/1.1 a body is announced by Content-Length or
 * Transfer-Encoding (a request with neither has none, though @hono/node-server gives every POST a
 * body stream); a Request made in the process (the renderer's calls, a test provider's webhook) has
 * one when its body is set.
 */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const overHttp = typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
  return !overHttp && c.req.raw.body !== null;
}

/** The 415 of a body the call does not read. */
export function unsupportedType(header: string | undefined, form = false): ShopError {
  const sent = header ? `"${header.slice(0, 100)}"` : 'no Content-Type';
  return new ShopError(
    'unsupportedMediaType',
    `The request body must be JSON (Content-Type: application/json${form ? ', or a form' : ''}), not ${sent}.`,
  );
}

const limit = (maxSize: number, what: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ShopError('payloadTooLarge', `The ${what} is larger than ${maxSize / 1024} KB.`);
    },
  });

export function bodyLimits(): MiddlewareHandler {
  const page = limit(MAX_PAGE_BYTES, 'page');
  const other = limit(MAX_BODY_BYTES, 'request body');
  return (c, next) => {
    const method = c.req.method;
    // A GET or HEAD has no body; asking for one would make @hono/node-server build a full web Request
    // from Node's (a measurable part of a rendered page's CPU time).
    if (method === 'GET' || method === 'HEAD') return next();
    const path = c.req.path;
    if (path.startsWith('/api/') && hasBody(c)) {
      const header = c.req.header('content-type');
      if (!isJsonType(header)) {
        const other = OTHER_BODIES.find(([pattern]) => pattern.test(path));
        if (!other) throw unsupportedType(header);
        if (other[1] && !other[1].has(mediaType(header).type)) throw unsupportedType(header, true);
      }
    }
    return (method === 'PUT' && path.startsWith('/api/pages/') ? page : other)(c, next);
  };
}
