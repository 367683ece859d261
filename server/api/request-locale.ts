// The locale an API call asks for: the `language` header that every call carries (spec section 7),
// or `?lang=`; English by default.
import type { Context } from 'hono';

const LOCALE = /^[a-z]{2}(?:-[A-Z]{2})?$/;

export function requestLocale(c: Context): string {
  const asked = c.req.query('lang') ?? c.req.header('language');
  return asked && LOCALE.test(asked) ? asked : 'en';
}
