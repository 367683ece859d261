// Signed, expiring preview links of a page version (a draft, or any stored version): the merchant asks
// for one (POST /api/pages/{handle}/versions/{n}/preview) and opens or shares it; anyone holding it sees
// that version until it expires. A forged, altered or expired link shows the live page, as if it were not
// there. The signature is an HMAC over the handle, the version and the expiry (server/commerce/signing.ts:
// a key derived from the merchant token, so every process checks it alike and a new token revokes them all).
import { derivedKey, signature, signatureMatches } from '../signing';

/** How long a preview link works: long enough to review and share a draft, short enough to go stale. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60_000;

const TOKEN = /^([1-9]\d{0,8})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export const previewKey = (merchantToken: string): Buffer => derivedKey('vitrine preview links', merchantToken);

/** The `preview` value of a link to version `version` of page `handle`, working until `expiresAt` (ms). */
export function signPreview(key: Buffer, handle: string, version: number, expiresAt: number): string {
  return `${version}.${expiresAt}.${signature(key, handle, version, expiresAt)}`;
}

/** The version a `preview` value shows for page `handle`, or null: forged, for another page, or expired. */
export function verifyPreview(key: Buffer, handle: string, token: string, now = Date.now()): number | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const version = Number(parts[1]);
  const expiresAt = Number(parts[2]);
  if (expiresAt <= now) return null;
  return signatureMatches(key, parts[3]!, handle, version, expiresAt) ? version : null;
}
