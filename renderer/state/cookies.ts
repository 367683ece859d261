// Cookie names of spec section 9 that the browser side reads too.
export const CURRENCY_COOKIE = 'currency';
/** The visitor id (spec: sakUUID), sent on API calls as customerUUID. */
export const VISITOR_COOKIE = 'sakUUID';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}
