// Cookie names of spec section 9 that the browser side reads too.
export const CURRENCY_COOKIE = 'currency';
/** The visitor id (spec: sakUUID), sent on API calls as customerUUID. */
export const VISITOR_COOKIE = 'sakUUID';

/** Spec section 9: visitor and preference cookies last a year. */
export const PREFERENCE_MAX_AGE_S = 31_536_000;

/** Browser: keeps a first-party cookie for the whole shop (Secure on an https shop). */
export function writeCookie(name: string, value: string, maxAgeS: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** A signed-in customer's session (spec section 9: `token`): HttpOnly, so no script reads it. */
export const TOKEN_COOKIE = 'token';
/**
 * Set beside the session (not a credential, readable by scripts): tells the browser to draw the signed-in
 * state of the header, so public pages stay the same for everyone and the personal part is drawn in the
 * browser.
 */
export const SIGNED_IN_COOKIE = 'signedIn';
