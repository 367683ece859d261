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
  return (c, next) => (c.req.method === 'PUT' && c.req.path.startsWith('/api/pages/') ? page : other)(c, next);
}
