// The one guard of pages and API calls (spec sections 2, 4 and 8): the merchant's redirects, then the site's
// mode and its password gate, decided by one table (server/commerce/site-access/access.ts) and applied
// here: a page is redirected (to /maintenance, /closed, a password page, the redirect's target), an API
// call is answered with its code (50021, 50022, 50023) in the envelope. The renderer's own calls in the
// process are not guarded again: the page that makes them was.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, generateCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { errorCodes, errorStatus, type ErrorName } from '../schemas/generated/error-codes';
import type { Commerce } from './commerce';
import { verifyPreview } from './commerce/pages/preview-link';
import type { SiteAccess } from './commerce/site';
import { decideAccess, type AccessDecision } from './commerce/site-access/access';
import { GATE_COOKIE, GATE_PATH_COOKIE } from './commerce/site-access/gate-cookie';
import { verifyOverview } from './commerce/site-access/overview-link';
import { redirectTarget } from './commerce/site-access/redirects';
import { merchantTokenMatches } from './api/merchant-auth';
import { IN_PROCESS } from './ssr/in-process-api';
import { unavailablePage } from './ssr/unavailable-page';
import type { Translator } from '../renderer/i18n/translator';
import { withLocalePrefix } from '../renderer/i18n/locale-path';

/** The merchant's overview of the shop (HttpOnly, signed) and its readable hint for the banner. */
export const OVERVIEW_COOKIE = 'overview';
export const MERCHANT_VIEW_COOKIE = 'merchantView';

/** How long a browser waits before asking again when the mode says no end time (and at least). */
const RETRY_AFTER_S = 300;
/** A browser is told to ask again within a day at most, whatever end time the merchant gave. */
const RETRY_AFTER_MAX_S = 24 * 3600;

export interface SiteGuardDeps {
  commerce: Commerce;
  merchantToken: string;
  previewKey: Buffer;
  overviewKey: Buffer;
  /** Whether the shop is served over https (cookies are then Secure). */
  secure: boolean;
  translatorFor: (locale: string) => Translator;
  log: (message: string, error?: unknown) => void;
}

/** Seconds until the mode's end time, within bounds (the maintenance page's and 50021's Retry-After). */
export function retryAfterSeconds(endsAt: string | undefined, now = Date.now()): number {
  const left = endsAt ? Math.ceil((Date.parse(endsAt) - now) / 1000) : NaN;
  return Number.isFinite(left) && left > 0 ? Math.min(Math.max(left, 60), RETRY_AFTER_MAX_S) : RETRY_AFTER_S;
}

export function siteGuard(kind: 'page' | 'api', deps: SiteGuardDeps): MiddlewareHandler {
  const cookieOptions = (maxAge?: number): CookieOptions => ({
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.secure,
    ...(maxAge !== undefined && { maxAge }),
  });

  /** The preview value of a page's link, when the shop signed it for this page. */
  const signedPreview = (c: Context): boolean => {
    const token = c.req.query('preview');
    if (!token) return false;
    const [, first, handle] = c.req.path.split('/');
    const pageHandle = !first ? 'home' : (first === 'pages' || first === 'funnel') && handle ? handle : undefined;
    return pageHandle !== undefined && verifyPreview(deps.previewKey, pageHandle, token) !== null;
  };

  const refuse = (c: Context, name: ErrorName, message: string, retryAfter?: number) => {
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    c.header('Cache-Control', 'no-store');
    return c.json({ code: errorCodes[name], message, data: null }, errorStatus[name] as 401 | 503);
  };

  const redirect = (c: Context, location: string, status: 301 | 302 = 302) => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, status);
  };

  /** A mode's or a gate's page (or home), in the language of the address asked for (its locale prefix). */
  const modePage = (c: Context, path: string) => withLocalePrefix(path, c.get('pageLocale')?.prefix);

  const answerFor = (c: Context, decision: Exclude<AccessDecision, { kind: 'serve' }>, endsAt?: string) => {
    for (const gate of 'staleCookies' in decision ? decision.staleCookies : [])
      deleteCookie(c, GATE_COOKIE[gate], cookieOptions());
    switch (decision.kind) {
      case 'maintenance':
        return kind === 'api'
          ? refuse(c, 'maintenance', 'The shop is under maintenance. Please come back soon.', retryAfterSeconds(endsAt))
          : redirect(c, modePage(c, '/maintenance'));
      case 'closed':
        return kind === 'api'
          ? refuse(c, 'siteClosed', 'The website is unavailable. Please try later.')
          : redirect(c, modePage(c, '/closed'));
      case 'home':
        return redirect(c, modePage(c, '/'));
      case 'password': {
        if (kind === 'api')
          return refuse(c, 'passwordRequired', 'The shop is password protected: enter its password on the password page.');
        // Spec section 4: the last visited full path is remembered (STOREPATH, FUNNELPATH), for after the password.
        if (c.req.method === 'GET') setCookie(c, GATE_PATH_COOKIE[decision.gate], fullPath(c), cookieOptions());
        return redirect(c, modePage(c, `/password/${decision.gate}`));
      }
    }
  };

  return async (c, next) => {
    if (c.env === IN_PROCESS) return next();
    let access: SiteAccess;
    try {
      access = await deps.commerce.site.access();
    } catch (error) {
      deps.log(`the password gate could not be checked for ${c.req.method} ${c.req.path}`, error);
      if (kind === 'api') return refuse(c, 'gateCheckFailed', 'Failed to fetch data', 30);
      c.header('Retry-After', '30');
      c.header('Cache-Control', 'no-store');
      return c.html(unavailablePage(deps.translatorFor(getCookie(c, 'sak-locale') ?? 'en')), 503);
    }
    const apiPath = kind === 'api' ? c.req.path.replace(/^\/api/, '') : c.req.path;

    if (kind === 'page' && c.req.method === 'GET') {
      try {
        const target = redirectTarget(access.redirects, c.req.path, new URL(c.req.url).search);
        if (target) return redirect(c, target, 301);
      } catch (error) {
        // Spec section 2: a failed redirect is only logged; the page is served as if there were none.
        deps.log(`the redirect of ${c.req.path} failed`, error);
      }
    }

    // The merchant: the token (API), or a signed overview link, kept in a cookie until it expires.
    const given = kind === 'page' ? c.req.query('overview') : undefined;
    const fromLink = given ? verifyOverview(deps.overviewKey, given) : undefined;
    if (fromLink !== undefined) {
      const maxAge = Math.floor((fromLink - Date.now()) / 1000);
      setCookie(c, OVERVIEW_COOKIE, given!, cookieOptions(maxAge));
      setCookie(c, MERCHANT_VIEW_COOKIE, merchantView(access), { ...cookieOptions(maxAge), httpOnly: false });
      // The token leaves the address bar (and the history, and a link shared from it).
      const url = new URL(c.req.url);
      url.searchParams.delete('overview');
      return redirect(c, url.pathname + url.search);
    }
    const overview = getCookie(c, OVERVIEW_COOKIE);
    const overviewValid = overview !== undefined && verifyOverview(deps.overviewKey, overview) !== undefined;
    const merchant = overviewValid || (kind === 'api' && merchantTokenMatches(c.req.header('authorization'), deps.merchantToken));

    const decision = decideAccess(access, {
      kind,
      path: apiPath,
      merchant,
      signedPreview: kind === 'page' && signedPreview(c),
      cookies: { store: getCookie(c, GATE_COOKIE.store), funnel: getCookie(c, GATE_COOKIE.funnel) },
    });
    const { endsAt } = access;
    if (decision.kind !== 'serve') return answerFor(c, decision, endsAt);
    // Set once the answer is made: the renderer answers with a Response of its own.
    const cookies = decision.staleCookies.map((gate) => generateCookie(GATE_COOKIE[gate], '', cookieOptions(0)));
    if (overview !== undefined && !overviewValid)
      cookies.push(
        generateCookie(OVERVIEW_COOKIE, '', cookieOptions(0)),
        generateCookie(MERCHANT_VIEW_COOKIE, '', { ...cookieOptions(0), httpOnly: false }),
      );
    if (overviewValid && kind === 'page')
      cookies.push(generateCookie(MERCHANT_VIEW_COOKIE, merchantView(access), { ...cookieOptions(), httpOnly: false }));
    await next();
    // The mode's own page answers 503 while the mode is on: never indexed, and crawlers come back later.
    const onModePage = kind === 'page' && /^\/(maintenance|closed)\/?$/.test(c.req.path) && access.mode !== 'live';
    const answer = c.res;
    if (!cookies.length && !(onModePage && answer.status === 200)) return;
    const headers = new Headers(answer.headers);
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    let status = answer.status;
    if (onModePage && status === 200) {
      status = 503;
      headers.set('Cache-Control', 'no-store');
      headers.set('X-Robots-Tag', 'noindex');
      if (access.mode === 'maintenance') headers.set('Retry-After', String(retryAfterSeconds(endsAt)));
    }
    // Replaced, not set through c.res (which would merge the headers of what came before).
    c.res = undefined as unknown as Response;
    c.res = new Response(answer.body, { status, headers });
  };
}

/** What the merchant's banner names: the mode, or the password gate when that is all that is on. */
function merchantView(access: SiteAccess): string {
  if (access.mode !== 'live') return access.mode;
  return access.gate.on && (access.gate.store !== '' || access.gate.funnel !== '') ? 'password' : 'live';
}

const fullPath = (c: Context) => {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
};
