// POST /api/csp-report: where browsers send the Content-Security-Policy violations of the shop's pages
// (server/ssr/content-security-policy.ts: report-uri and report-to). A violation on a payment page is a
// script the shop did not authorise (PCI DSS 4.0 11.6.1: changes to payment pages are noticed): each is
// logged, and the last ones are kept for the merchant (GET /api/csp-report).
//
// Anyone can post here, so nothing about it is trusted or unbounded: the body is read by this route
// itself (the two report formats are not JSON by content type) up to 16 KB, a few violations of a body
// are read, each field is cut short and stripped of control characters and of its URL's query (an
// order's token), and at most 60 lines a minute are logged per process (the rest are counted). It always
// answers 204: a browser does nothing with the answer, and a malformed report is no fault of the shop.
import { Hono } from 'hono';
import { ok } from './envelope';
import { describeRoute } from './describe-route';
import type { ApiDeps } from './deps';
import type { CspViolation } from '../../schemas/generated/api';

/** Report-uri's format, the Reporting API's, and plain JSON (a tool or test sending either shape). */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];
export const MAX_REPORT_BYTES = 16 * 1024;
/** Violations read from one body (a Reporting API batch may hold several). */
const MAX_VIOLATIONS_PER_BODY = 10;
const MAX_LINES_PER_MINUTE = 60;
const MAX_FIELD_CHARS = 200;
/** Violations kept for the merchant (this process's latest). */
const KEPT = 50;

/** One field of a report: text, at most MAX_FIELD_CHARS, no control characters; a URL without query or fragment. */
function field(value: unknown, url = false): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  let text = value;
  if (url) text = text.replace(/[?#][\s\S]*$/, '');
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}…` : text;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

type Violation = Omit<CspViolation, 'at'>;

/** The violation a report body names, in either format. */
function violation(body: Fields, kebab: boolean): Violation {
  const at = (camel: string, dashed: string) => body[kebab ? dashed : camel];
  return {
    document: field(at('documentURL', 'document-uri'), true),
    blocked: field(at('blockedURL', 'blocked-uri'), true),
    directive: field(at('effectiveDirective', 'effective-directive') ?? at('violatedDirective', 'violated-directive')),
    source: field(at('sourceFile', 'source-file'), true),
    line: field(at('lineNumber', 'line-number')),
    sample: field(at('sample', 'script-sample')),
    disposition: field(at('disposition', 'disposition')),
  };
}

/** The violations of a parsed report body: report-uri's { "csp-report": {…} } or the Reporting API's list. */
export function violationsOf(report: unknown): Violation[] {
  if (isObject(report) && isObject(report['csp-report'])) return [violation(report['csp-report'], true)];
  const list = Array.isArray(report) ? report : [report];
  return list
    .slice(0, MAX_VIOLATIONS_PER_BODY)
    .filter((entry): entry is Fields => isObject(entry) && entry.type === 'csp-violation' && isObject(entry.body))
    .map((entry) => violation(entry.body as Fields, false));
}

/** The body's text, or undefined past `max` bytes (the rest is read and dropped, so the connection stays usable). */
async function boundedText(request: Request, max: number): Promise<string | undefined> {
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= max) chunks.push(value);
  }
  return size > max ? undefined : Buffer.concat(chunks).toString('utf8');
}

export function cspReportRoutes(deps: Pick<ApiDeps, 'log'>, now = Date.now) {
  const kept: CspViolation[] = [];
  let windowStart = 0;
  let logged = 0;
  let unlogged = 0;
  /** Whether another line may be logged in this minute; says how many were not, once the minute is over. */
  const mayLog = () => {
    const time = now();
    if (time - windowStart >= 60_000) {
      if (unlogged) deps.log(`csp: ${unlogged} more violation reports were not logged (over ${MAX_LINES_PER_MINUTE} a minute)`);
      windowStart = time;
      logged = 0;
      unlogged = 0;
    }
    if (logged < MAX_LINES_PER_MINUTE) return ++logged > 0;
    unlogged++;
    return false;
  };
  return new Hono()
    .post(
      '/csp-report',
      describeRoute({
        summary:
          "A browser's Content-Security-Policy violation report (report-uri and the Reporting API): logged, bounded (16 KB, 60 lines a minute)",
        tag: 'Site and content',
        response: 'Null',
        caller: 'anyone',
        noContent: true,
        rawBody: { def: 'CspReport', contentTypes: ['application/csp-report', 'application/reports+json'] },
      }),
      async (c) => {
        try {
          const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
          const text = CSP_REPORT_TYPES.includes(type) ? await boundedText(c.req.raw, MAX_REPORT_BYTES) : undefined;
          if (text) {
            for (const v of violationsOf(JSON.parse(text))) {
              kept.push({ ...v, at: new Date(now()).toISOString() });
              if (kept.length > KEPT) kept.shift();
              if (mayLog())
                deps.log(
                  `csp: ${v.disposition || 'enforce'} ${v.directive} refused ${v.blocked || '(nothing named)'} on ${v.document}` +
                    (v.source ? ` (${v.source}${v.line ? `:${v.line}` : ''})` : '') +
                    (v.sample ? ` sample "${v.sample}"` : ''),
                );
            }
          }
        } catch {
          // Not a report (bad JSON, a body cut off): nothing to log, and nothing the sender can do about it.
        }
        return c.body(null, 204);
      },
    )
    .get(
      '/csp-report',
      describeRoute({
        summary: 'The latest Content-Security-Policy violations browsers reported to this server process, newest first',
        tag: 'Site and content',
        response: 'CspViolation[]',
        caller: 'merchant',
      }),
      (c) => ok<CspViolation[]>(c, [...kept].reverse()),
    );
}
