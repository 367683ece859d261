// The Content-Security-Policy of every answer (PCI DSS 4.0 6.4.3: a payment page runs only the scripts
// the shop authorises; 11.6.1: a change is noticed, here by the browsers' violation reports).
//
// A page's inline scripts are allowed by their SHA-256 hashes, not by a per-request nonce: a page cached
// in the page cache, or written from a cached document (document-cache.ts), is sent as bytes made once, and
// a nonce would have to be written into them for every visitor. The hashes are of the scripts the shop
// itself writes (the router's data script of the request, its scroll and boundary scripts), taken where
// they are made, never read back from the page: a script that found its way into the HTML some other way
// is not in the policy, and the browser refuses it. External scripts come from the shop's own origin
// ('self': its built assets; a JSON or image answer never runs as a script, nosniff). No inline event
// handlers, no eval. React writes style attributes (CSS variables of blocks): those are allowed, inline
// <style> elements only by hash (the blocks' stylesheets written into pages, the merchant's CSS).
//
// Third parties: `thirdParties` names the origins of the used-apps integrations that may run on a page
// (server/commerce/consent: the merchant's configuration is the inventory of authorised scripts, PCI DSS
// 6.4.3). Where a shopper pays, only tags (pixels, analytics, the tag manager) may; never the merchant's
// custom JS or a widget (renderer/consent/page-rules.ts). Whether a visitor's consent lets them load is
// decided by the integrations call; the policy allows what may load after a choice made on the page.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** Where browsers send violation reports (server/api/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API group of the report-to directive (named by the Reporting-Endpoints header). */
export const CSP_REPORT_GROUP = 'csp';

/** The CSP source allowing an inline script or style whose text is `text` (its UTF-8 bytes hashed, as browsers do). */
export const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * hashSource, remembered for texts that come back on every page (the router's constant scripts, a
 * stylesheet): the same string object is looked up without hashing it again.
 */
export function rememberedHashes(max = 256): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let source = known.get(text);
    if (source === undefined) {
      if (known.size >= max) known.clear();
      known.set(text, (source = hashSource(text)));
    }
    return source;
  };
}

export { isPaymentPage } from '../../renderer/consent/page-rules';

/** Origins (e.g. https://www.googletagmanager.com) a visitor allowed, by what loads from them. */
export interface ThirdPartyOrigins {
  script?: readonly string[];
  connect?: readonly string[];
  img?: readonly string[];
  frame?: readonly string[];
  /** hashSource of inline scripts an integration adds (the merchant's custom JS). */
  scriptHashes?: readonly string[];
}

/**
 * The seam for consent-gated third-party scripts: the origins the integrations that may run on `path`
 * load from (server/integrations/integration-origins.ts), or undefined for none.
 */
export type ThirdPartiesAllowed = (c: Context, path: string) => Promise<ThirdPartyOrigins | undefined>;

/** What one page's policy allows beside what every page's does: its own inline scripts and stylesheets. */
export interface PageSources {
  /** hashSource of each inline script the page carries. */
  scripts: readonly string[];
  /** hashSource of each inline <style> element the page carries. */
  styles: readonly string[];
}

export interface PolicyOptions {
  /** The shop's public origin (AppConfig.publicUrl): the browser's API calls go there. */
  origin: string;
  /** `npm run dev`: Vite's client injects styles and talks over a WebSocket; its React preamble is hashed. */
  development?: boolean;
  /** Hashes of inline styles of HTML that is not a rendered page (the last-resort error page, the test providers' pages). */
  plainStyles?: readonly string[];
  thirdParties?: ThirdPartiesAllowed;
}

export type ContentSecurityPolicy = ReturnType<typeof createContentSecurityPolicy>;

const THIRD_PARTY_DIRECTIVES = { script: 'script-src', connect: 'connect-src', img: 'img-src', frame: 'frame-src' } as const;

export function createContentSecurityPolicy(options: PolicyOptions) {
  const https = options.origin.startsWith('https:');
  const plainStyles = (options.plainStyles ?? []).join(' ');
  // What every document's policy ends with.
  const common = [
    "img-src 'self' data:",
    "font-src 'self'",
    // A page calls the API at the public origin (renderer/api/client.ts), which may differ from the
    // address the browser was given (a health check by IP). Vite's HMR socket in development.
    `connect-src 'self' ${options.origin}${options.development ? ' ws: wss:' : ''}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    // The Reporting API delivers to secure origins only, and a browser that knows report-to ignores
    // report-uri: on an http shop (development, tests) report-to would silence every report.
    ...(https ? ['upgrade-insecure-requests', `report-to ${CSP_REPORT_GROUP}`] : []),
  ].join('; ');
  // In development Vite's client adds <style> elements of its own: styles are not hashed there.
  const styleSrc = (styles: readonly string[]) =>
    options.development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' ${styles.join(' ')} ${plainStyles}`.trimEnd();

  return {
    /** A page rendered by the shop: its own inline scripts and stylesheets, by hash. */
    page(sources: PageSources): string {
      // 'report-sample': a report quotes the first characters of a refused inline script (what was injected).
      return `default-src 'self'; script-src 'self' 'report-sample' ${sources.scripts.join(' ')}; ${styleSrc(sources.styles)}; style-src-attr 'unsafe-inline'; ${common}`;
    },
    /** HTML without a policy of its own (the last-resort error page, the test providers' pages): no script at all. */
    plainHtml: `default-src 'self'; script-src 'none'; ${styleSrc([])}; style-src-attr 'none'; ${common}`,
    /** Anything that is not a document (JSON, images, scripts, stylesheets): nothing runs under it if opened. */
    nonDocument: "default-src 'none'; frame-ancestors 'none'",
    /** The Reporting-Endpoints header naming the report-to group (an https shop's only). */
    reportingEndpoints: https ? `${CSP_REPORT_GROUP}="${options.origin}${CSP_REPORT_PATH}"` : undefined,
    /**
     * The page's policy with the third-party origins of the integrations that may run on it (whichever
     * the visitor allowed: a choice made on the page loads them without a new document); the policy as
     * it is when none may.
     */
    async forVisitor(c: Context, path: string, policy: string): Promise<string> {
      // A page that runs no script (the last-resort error page) loads no third party either.
      if (!options.thirdParties || policy.includes("script-src 'none'")) return policy;
      const allowed = await options.thirdParties(c, path);
      return allowed ? withOrigins(policy, allowed) : policy;
    },
  };
}

/** `policy` with `origins` added to the directives they load under. */
export function withOrigins(policy: string, origins: ThirdPartyOrigins): string {
  let directives = policy.split('; ');
  for (const [kind, name] of Object.entries(THIRD_PARTY_DIRECTIVES)) {
    const added = (origins[kind as keyof ThirdPartyOrigins] ?? []).filter((origin) =>
      /^https:\/\/[a-z0-9.*-]+(?::\d+)?$/i.test(origin),
    );
    if (!added.length) continue;
    const at = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    const current = at < 0 ? `${name} 'self'` : directives[at]!;
    const updated = `${current.replace(" 'none'", '')} ${added.join(' ')}`;
    directives = at < 0 ? [...directives, updated] : directives.map((d, i) => (i === at ? updated : d));
  }
  const hashes = (origins.scriptHashes ?? []).filter((hash) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash));
  if (hashes.length) directives = directives.map((d) => (d.startsWith('script-src ') ? `${d} ${hashes.join(' ')}` : d));
  return directives.join('; ');
}
