// Merchant calls (page editing, settings) need `Authorization: Bearer <merchant token>`. createApi hands
// every request the token's digest (merchantToken); a route declared `caller: 'merchant'`
// (describe-route.ts) checks the header against it.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { unauthorized } from '../commerce/errors';

declare module 'hono' {
  interface ContextVariableMap {
    /** The digest of the shop's merchant token, set by createApi for the merchant calls to compare with. */
    merchantTokenDigest: Buffer;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Middleware of createApi: the merchant token the merchant calls are checked against. */
export function merchantToken(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    c.set('merchantTokenDigest', expected);
    await next();
  };
}

/** Whether an Authorization header carries the merchant token (the site guard lets the merchant through). */
export function merchantTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!match && token !== '' && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/** A 401 unless the request carries the merchant token (also when no token was handed in: fails closed). */
export function requireMerchant(c: Context): void {
  const expected = c.get('merchantTokenDigest');
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  // Comparing digests keeps the comparison constant-time whatever the length of what was sent.
  if (!expected || !match || !timingSafeEqual(digest(match[1]!.trim()), expected)) {
    c.header('WWW-Authenticate', 'Bearer realm="vitrine-merchant"');
    throw unauthorized('A merchant token is needed: send "Authorization: Bearer <token>".');
  }
}
