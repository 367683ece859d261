// The headers every answer of a shop that takes payments carries (pages, API, assets), set after the
// answer is made and only where the route set none of its own (the Stripe page sends its own policy and
// Referrer-Policy). A rendered page brings its Content-Security-Policy (server/ssr/render-page.tsx);
// other HTML gets one that runs no script, anything else one under which nothing loads.
import type { MiddlewareHandler } from 'hono';
import type { ContentSecurityPolicy } from './ssr/content-security-policy';

/** Powerful features no page of the shop uses are off; the Payment Request API is the shop's own only. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)';

/** HSTS for a year, subdomains too: sent only when the shop's public address is https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function securityHeaders(options: { publicUrl: string; policy: ContentSecurityPolicy }): MiddlewareHandler {
  const fixed: [string, string][] = [
    // A JSON answer or an uploaded image is never run as a script or a stylesheet.
    ['X-Content-Type-Options', 'nosniff'],
    // Other sites see the shop's origin, never a path (a thank-you page's address holds its order's token).
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // frame-ancestors 'none' for browsers that predate it.
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ...(new URL(options.publicUrl).protocol === 'https:'
      ? ([['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]] as [string, string][])
      : []),
  ];
  const { policy } = options;
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value);
    const html = headers.get('Content-Type')?.startsWith('text/html') ?? false;
    if (!headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', html ? policy.plainHtml : policy.nonDocument);
    if (html && policy.reportingEndpoints) headers.set('Reporting-Endpoints', policy.reportingEndpoints);
  };
}
