// One table of modes × routes (spec sections 2 and 4): what the shop does with a request, from the site's
// mode, its password gate and what the visitor holds. Pure; server/site-guard.ts applies the decision to
// pages and API calls alike, and access.test.ts walks the whole table.
import { gateCookieMatches, type GateName } from './gate-cookie';
import { callInEveryMode, callPastTheGate, guardedPath, isFunnelPath, pagePastTheGate } from './route-kinds';

export type SiteModeState = 'live' | 'maintenance' | 'closed';

/** What the guard reads of the site settings (passwords included: never sent to a browser). */
export interface AccessSettings {
  mode: SiteModeState;
  /** Spec section 3: passwordProtect ON, and the passwords set (empty: that gate is open). */
  gate: { on: boolean; store: string; funnel: string };
}

export interface AccessRequest {
  kind: 'page' | 'api';
  /** The page's path, or the API call's path after `/api`. */
  path: string;
  /** Whether the merchant asks: the merchant token (API) or a signed overview link or cookie (pages, API). */
  merchant: boolean;
  /**
   * A page's `preview` or `overview` value that the shop signed (a page's preview link): passes the
   * password gate for that page, as the spec's bypass does, but not a mode.
   */
  signedPreview: boolean;
  /** The gates' cookies as sent (spec: passwordProtect_shop, passwordProtect_funnel). */
  cookies: Partial<Record<GateName, string>>;
}

export type AccessDecision =
  /** Serve it; `staleCookies`: gate cookies that no longer match their password, removed on the way. */
  | { kind: 'serve'; staleCookies: GateName[] }
  /** The shop is in maintenance: the maintenance page (503) or code 50021. */
  | { kind: 'maintenance' }
  /** The shop is closed: the website-unavailable page or code 50022. */
  | { kind: 'closed' }
  /** The gate's password is needed: its password page (remembering where the visitor was) or code 50023. */
  | { kind: 'password'; gate: GateName; staleCookies: GateName[] }
  /** A mode's page asked while the shop is not in that mode: home. */
  | { kind: 'home' };

const MODE_PAGES: Record<string, SiteModeState> = { '/maintenance': 'maintenance', '/closed': 'closed' };

/** The gates that are set: passwordProtect ON and a password given (spec section 4). */
const gatesSet = (settings: AccessSettings): GateName[] =>
  settings.gate.on ? (['store', 'funnel'] as const).filter((gate) => settings.gate[gate] !== '') : [];

export function decideAccess(settings: AccessSettings, request: AccessRequest): AccessDecision {
  const { mode } = settings;
  if (request.kind === 'page') {
    const modePage = MODE_PAGES[guardedPath(request.path)];
    // The maintenance and closed pages show only while the shop is in their mode (spec: a 200 while on
    // /maintenance returns to /).
    if (modePage) return modePage === mode || request.merchant ? { kind: 'serve', staleCookies: [] } : { kind: 'home' };
  } else if (callInEveryMode(request.path)) return { kind: 'serve', staleCookies: [] };
  // The merchant sees the real shop in every mode (with a banner naming it).
  if (request.merchant) return { kind: 'serve', staleCookies: [] };
  if (mode !== 'live') return { kind: mode };

  const set = gatesSet(settings);
  const stale = set.filter(
    (gate) => request.cookies[gate] !== undefined && !gateCookieMatches(request.cookies[gate], settings.gate[gate]),
  );
  const held = set.filter((gate) => gateCookieMatches(request.cookies[gate], settings.gate[gate]));
  const serve: AccessDecision = { kind: 'serve', staleCookies: stale };
  if (!set.length) return serve;
  const gate: GateName = isFunnelPath(request.path) ? 'funnel' : 'store';
  if (request.kind === 'page') {
    if (pagePastTheGate(request.path) || request.signedPreview) return serve;
    return !set.includes(gate) || held.includes(gate) ? serve : { kind: 'password', gate, staleCookies: stale };
  }
  if (callPastTheGate(request.path)) return serve;
  // A funnel page's calls are mostly the shop's own (products, prices, payment): a visitor who passed
  // either gate that is set may make them. Calls of a gate nobody set are open.
  if (!set.includes(gate) || held.length) return serve;
  return { kind: 'password', gate, staleCookies: stale };
}
