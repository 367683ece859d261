// The merchant's route redirects (spec sections 2 and 3: routeRedirectConfigList): checked when saved (no
// loop, no path sent two ways, nothing the shop itself needs) and applied to a page request before it is
// rendered (so before its 404), the query carried over.
import type { RouteRedirect } from '../../../schemas/generated/api';
import type { FieldError } from '../validation';

/** Paths a redirect may not take over: the API, the shop's files and the pages the guard itself sends to. */
const RESERVED = /^\/(api|assets|media|locales)(\/|$)|^\/(robots\.txt|sitemap\.xml|health|maintenance|closed|password)(\/|$)/;

/** The path as compared: decoded where it can be, without a trailing slash (the root stays `/`). */
export function comparablePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape is compared as written.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

/** The local path of a target (`/a?b` → `/a`), or undefined for another site's address. */
function localTarget(to: string): string | undefined {
  if (!to.startsWith('/') || to.startsWith('//')) return undefined;
  return comparablePath(to.split(/[?#]/, 1)[0]!);
}

export function redirectProblems(list: RouteRedirect[]): FieldError[] {
  const problems: FieldError[] = [];
  const targets = new Map<string, string>();
  list.forEach(({ redirectFrom, redirectTo }, i) => {
    const from = comparablePath(redirectFrom);
    const pointer = `/routeRedirectConfigList/${i}`;
    if (RESERVED.test(from))
      problems.push({ path: `${pointer}/redirectFrom`, message: `${redirectFrom} is a path the shop itself needs.` });
    else if (redirectTo.startsWith('//'))
      problems.push({ path: `${pointer}/redirectTo`, message: 'A target is a path of this shop (/…) or an http(s) address.' });
    const earlier = targets.get(from);
    if (earlier !== undefined && earlier !== redirectTo)
      problems.push({ path: `${pointer}/redirectFrom`, message: `${redirectFrom} already redirects to ${earlier}.` });
    targets.set(from, redirectTo);
  });
  // A loop: following the redirects from a path comes back to a path already passed.
  list.forEach(({ redirectFrom }, i) => {
    const seen = new Set<string>();
    let at: string | undefined = comparablePath(redirectFrom);
    while (at !== undefined && targets.has(at)) {
      if (seen.has(at)) {
        problems.push({
          path: `/routeRedirectConfigList/${i}`,
          message: `${redirectFrom} leads back to itself: ${[...seen, at].join(' → ')}.`,
        });
        return;
      }
      seen.add(at);
      at = localTarget(targets.get(at)!);
    }
  });
  return problems;
}

/**
 * Where a request for `path` with `search` (`?a=1` or empty) goes, or undefined. The query is carried over
 * and joined with `?` or `&`, as the target already has one or not (spec section 2).
 */
export function redirectTarget(list: readonly RouteRedirect[], path: string, search: string): string | undefined {
  if (!list.length) return undefined;
  const from = comparablePath(path);
  const rule = list.find((r) => comparablePath(r.redirectFrom) === from);
  if (!rule) return undefined;
  const query = search.replace(/^\?/, '');
  if (!query) return rule.redirectTo;
  const [beforeHash, hash] = rule.redirectTo.split('#', 2) as [string, string | undefined];
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}
