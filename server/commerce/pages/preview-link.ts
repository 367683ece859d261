// Signed, expiring preview links of a page version (a draft, or any stored version): the merchant asks
// for one (POST /api/pages/{handle}/versions/{n}/preview) and opens or shares it; anyone holding it sees
// that version until it expires. A forged, altered or expired link shows the live page, as if it were not
// there. The signature is an HMAC over the handle, the version and the expiry, with a key the shop derives
// from its merchant token, so every process of the shop checks it alike and a new token revokes them all.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works: long enough to review and share a draft, short enough to go stale. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60_000;

const TOKEN = /^([1-9]\d{0,8})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export function previewKey(merchantToken: string): Buffer {
  return createHash('sha256').update(`vitrine preview links\n${merchantToken}`).digest();
}

const mac = (key: Buffer, handle: string, version: number, expiresAt: number) =>
  createHmac('sha256', key).update(`${handle}\n${version}\n${expiresAt}`).digest('base64url');

/** The `preview` value of a link to version `version` of page `handle`, working until `expiresAt` (ms). */
export function signPreview(key: Buffer, handle: string, version: number, expiresAt: number): string {
  return `${version}.${expiresAt}.${mac(key, handle, version, expiresAt)}`;
}

/** The version a `preview` value shows for page `handle`, or null: forged, for another page, or expired. */
export function verifyPreview(key: Buffer, handle: string, token: string, now = Date.now()): number | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const version = Number(parts[1]);
  const expiresAt = Number(parts[2]);
  if (expiresAt <= now) return null;
  const expected = Buffer.from(mac(key, handle, version, expiresAt));
  const given = Buffer.from(parts[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? version : null;
}
