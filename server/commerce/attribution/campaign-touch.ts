// What a campaign visit says (spec section 7, POST /api/utm): the address the shopper landed on, read for
// its five utm_* parameters. Pure: no database, no clock. docs/tracking.md#campaign-attribution.

/** The five parameters a campaign link carries (Google's names, which every ad platform uses). */
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** A campaign visit: what its link said (each value trimmed, bounded; absent: null) and where it landed. */
export interface CampaignTouch {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  /** The path landed on, without its query (a campaign link's query is its parameters, and maybe personal data). */
  landingPath: string;
}

/** A touch with the time the server received it. */
export interface TimedTouch extends CampaignTouch {
  at: Date;
}

/** Longest value kept of one parameter, in characters (longer values are cut, never refused). */
export const MAX_VALUE_LENGTH = 200;
/** Longest landing path kept, in characters. */
export const MAX_PATH_LENGTH = 500;

/** Any base will do: only the path and the query of the address are read. */
const BASE = 'http://shop.invalid';

/** `fullUrl` could not be read as an address at all (the API answers 400). */
export class UnreadableUrl extends Error {}

/** At most `max` characters (code points: an emoji is never cut in half). */
function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length > max ? chars.slice(0, max).join('') : value;
}

/** Control characters out, runs of white space made one space, trimmed, bounded; empty: null. */
export function cleanValue(raw: string | null): string | null {
  if (raw === null) return null;
  const value = raw
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return value ? cut(value, MAX_VALUE_LENGTH) : null;
}

/**
 * The address of `fullUrl` as the shop sends it (spec: the encoded current path, `%2F?utm_source=…`),
 * or a plain path (`/?utm_source=…`), or a whole http(s) address (only its path and query are read).
 */
export function readFullUrl(fullUrl: string): URL {
  let text = fullUrl.trim();
  // The encoded path: decoded once (its own query values stay encoded inside it, as they were typed).
  if (/^%2f/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      throw new UnreadableUrl('fullUrl is not a well-encoded path');
    }
  }
  const absolute = /^https?:\/\//i.test(text);
  if (!absolute && !text.startsWith('/'))
    throw new UnreadableUrl('fullUrl must be a path of the shop (/…) or an http(s) address');
  try {
    // `//host/…` is a path here, not another host: only the path and query are read anyway.
    return new URL(absolute ? text : text.replace(/^\/+/, '/'), BASE);
  } catch {
    throw new UnreadableUrl('fullUrl is not an address');
  }
}

/**
 * The campaign touch of an address, or null when it carries none of the five utm_* parameters with a
 * value (such a visit changes nothing: it is not a campaign visit).
 */
export function campaignTouch(fullUrl: string): CampaignTouch | null {
  const url = readFullUrl(fullUrl);
  const values = Object.fromEntries(
    UTM_FIELDS.map((field) => [field, cleanValue(url.searchParams.get(`utm_${field}`))]),
  ) as Record<UtmField, string | null>;
  if (UTM_FIELDS.every((field) => values[field] === null)) return null;
  return { ...values, landingPath: cut(url.pathname, MAX_PATH_LENGTH) };
}
