// How large a request body may be, on every route: a merchant's page (PUT /api/pages/{handle}) up to
// 1 MB, anything else up to 64 KB (a cart or checkout body is a few hundred bytes). A larger body is
// refused with 413 before it is read in full, let alone parsed.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ShopError } from '../commerce/errors';

export const MAX_PAGE_BYTES = 1024 * 1024;
export const MAX_BODY_BYTES = 64 * 1024;

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
    // from Node's (~0.1 ms of a rendered page's ~0.8).
    if (method === 'GET' || method === 'HEAD') return next();
    return (method === 'PUT' && c.req.path.startsWith('/api/pages/') ? page : other)(c, next);
  };
}
