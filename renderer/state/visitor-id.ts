// The visitor id (spec: sakUUID) of a browser. A public page is the same for everyone and may come from a
// shared cache (docs/caching.md): its answer sets no cookie, so a new visitor's browser makes its own id on
// its first page (a private page's answer may still bring one from the server). A crawler is given none:
// nothing is kept for it (the server tells crawlers apart by isbot's list on every call as well).
import { PREFERENCE_MAX_AGE_S, readCookie, VISITOR_COOKIE, writeCookie } from './cookies';

/** The generic words of crawlers' user agents (the server's list is isbot's, too large for a page). */
const CRAWLER_AGENT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|preview/i;

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (plain http) randomUUID is missing: a version 4 UUID from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's visitor id, made and kept now if it has none; none for a crawler. */
export function browserVisitor(): { visitorId?: string; crawler: boolean } {
  const kept = readCookie(VISITOR_COOKIE);
  if (kept || CRAWLER_AGENT.test(navigator.userAgent)) return { visitorId: kept, crawler: !kept };
  const visitorId = newId();
  writeCookie(VISITOR_COOKIE, visitorId, PREFERENCE_MAX_AGE_S);
  return { visitorId, crawler: false };
}
