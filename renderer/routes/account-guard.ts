// The account pages are token-protected (spec section 4, Authentication): without a live session a page
// goes to /account/login with the full path it was asked for in `redirect`, and comes back there once
// signed in. On the server the loaders send the `token` cookie as the `sign` header (the in-process API
// client is anonymous); in the browser the cookie goes by itself.
import { redirect } from '@tanstack/react-router';
import type { Customer } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';
import { SIGNED_IN_COOKIE } from '../state/cookies';

/** The headers that act as the signed-in customer in a loader (server: the cookie's token as `sign`). */
export const customerHeaders = (context: RouterContext): Record<string, string> | undefined =>
  context.customerToken ? { sign: context.customerToken } : undefined;

/** Where a page without a session goes: the login page, told where to come back. */
export const loginHref = (from: string): string => `/account/login?redirect=${encodeURIComponent(from)}`;

/** A path of this shop to go back to after signing in (never another site, never the login page itself). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith('/account/login')) return undefined;
  return value;
}

/** The signed-in customer, or a redirect to the login page that comes back to `location.href`. */
export async function requireCustomer(context: RouterContext, location: { href: string }): Promise<Customer> {
  try {
    return await context.api.request('get /customer/user', { headers: customerHeaders(context) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSignedIn();
      throw redirect({ href: loginHref(location.href), replace: true });
    }
    throw error;
  }
}

/** The session ended (expired, or signed out elsewhere): the header stops saying "Your account". */
export function forgetSignedIn() {
  if (typeof document !== 'undefined') document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
