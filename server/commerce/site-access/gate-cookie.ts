// The password gate's cookie (spec section 5): "the stored cookie must equal the base64 encoding of the
// configured password". Compared in constant time; the cookie is HttpOnly (server/site-guard.ts), so no
// script of the page can read it back.
import { timingSafeEqual } from 'node:crypto';

/** Spec section 9: the gates' cookie names. */
export const GATE_COOKIE = { store: 'passwordProtect_shop', funnel: 'passwordProtect_funnel' } as const;
/** Spec section 9: where the visitor was going when a gate stopped them. */
export const GATE_PATH_COOKIE = { store: 'STOREPATH', funnel: 'FUNNELPATH' } as const;

export type GateName = keyof typeof GATE_COOKIE;

export const gateCookieValue = (password: string): string => Buffer.from(password, 'utf8').toString('base64');

export function gateCookieMatches(cookie: string | undefined, password: string): boolean {
  if (cookie === undefined) return false;
  const expected = Buffer.from(gateCookieValue(password));
  const given = Buffer.from(cookie);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
