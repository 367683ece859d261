// Merchant calls (page editing) need `Authorization: Bearer <merchant token>`.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../commerce/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function merchantOnly(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    // Comparing digests keeps the comparison constant-time whatever the length of what was sent.
    if (!match || !timingSafeEqual(digest(match[1]!.trim()), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="vitrine-merchant"');
      throw unauthorized('A merchant token is needed: send "Authorization: Bearer <token>".');
    }
    await next();
  };
}
