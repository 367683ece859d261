// What the guard knows of a path (spec section 2, route behaviour): funnel or shop, its handle stripped,
// and the paths each mode lets through. Pure: the guard (server/site-guard.ts) and its tests share it.

/** The routes whose second segment is a handle (spec section 2: optional or required). */
const HANDLE_ROUTES = new Set([
  'cart',
  'checkout',
  'collections',
  'funnel',
  'newCheckout',
  'pages',
  'password',
  'payment',
  'products',
  'thankyou',
  'track',
]);

/**
 * The path as the guard compares it (spec: "a handle parameter is stripped from the path before the guard
 * checks"): `/products/linen-shirt` → `/products`, `/collections/summer/products/x` → `/collections`.
 * A trailing slash is dropped; the root stays `/`.
 */
export function guardedPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (!segments.length) return '/';
  if (HANDLE_ROUTES.has(segments[0]!)) return `/${segments[0]}`;
  return `/${segments.join('/')}`;
}

/** Spec: "Paths containing /funnel are funnel pages; all others are shop pages." */
export const isFunnelPath = (path: string): boolean => path.includes('/funnel');

/**
 * Pages a visitor reaches without the gate's password (spec: /password, /payment/information and /payment;
 * and what a live shop needs besides: the account recovery pages reached from a mail, and the newsletter's
 * confirmation pages). Compared with the guarded path.
 */
const PAGES_PAST_THE_GATE = new Set([
  '/password',
  '/payment',
  '/account/forgotten',
  '/account/reset',
  '/account/activate',
  '/account/email',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
]);

/**
 * API calls a visitor makes without the gate's password: the gate's own call, the password page's
 * newsletter sign-up, the payment pages' calls (a shopper paying an order they hold the token of), the
 * account recovery calls, the newsletter's (its form's anti-bot stamp, the mailed links' confirm and
 * unsubscribe). Prefixes of the path after `/api`.
 */
const CALLS_PAST_THE_GATE = [
  '/site/password',
  '/customer-subscribe',
  '/form-guard',
  '/newsletter/',
  '/payment/',
  '/paymentStrategy',
  '/payment-methods/',
  '/payment-providers/',
  '/stripe/',
  '/multicurrency/general/order/',
  '/multicurrency/asyncPayInfoSave',
  '/countries',
  '/districts/',
  '/base-districts/',
  '/customer/user/forgetPassword',
  '/customer/user/reset/',
  '/customer/user/checkPwd',
  '/customer/user/activate',
  '/customer/user/activation-mail',
  '/customer/user/email/confirm',
];

/**
 * API calls every mode lets through: the payment providers' webhooks (money already moved must be
 * recorded, whatever the shop shows), the browser's policy reports and the API's description.
 */
const CALLS_IN_EVERY_MODE = [/^\/payment-providers\/[^/]+\/webhook$/, /^\/csp-report$/, /^\/openapi\.json$/];

export const pagePastTheGate = (path: string): boolean => PAGES_PAST_THE_GATE.has(guardedPath(path));

/** `apiPath`: the path after `/api`. */
export const callPastTheGate = (apiPath: string): boolean => CALLS_PAST_THE_GATE.some((prefix) => apiPath.startsWith(prefix));

export const callInEveryMode = (apiPath: string): boolean => CALLS_IN_EVERY_MODE.some((pattern) => pattern.test(apiPath));

/** Where a visitor may be sent back to after a gate: a path of this shop, and not a gate's own page. */
export function safeReturnPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return /^\/(password|maintenance|closed)(\/|\?|$)/.test(path) ? '/' : path;
}
