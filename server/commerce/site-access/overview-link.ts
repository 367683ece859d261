// A merchant's signed link to the real shop, whatever its mode (POST /api/site/overview): who holds it
// sees the shop with a banner naming the mode, until it expires. The same HMAC as preview links
// (server/commerce/signing.ts), with a key of its own purpose.
import { derivedKey, signature, signatureMatches } from '../signing';

/** How long an overview link works: a working day of checking the shop before it opens. */
export const OVERVIEW_LINK_TTL_MS = 12 * 60 * 60_000;

const TOKEN = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

export const overviewKey = (merchantToken: string): Buffer => derivedKey('vitrine shop overview', merchantToken);

export const signOverview = (key: Buffer, expiresAt: number): string => `${expiresAt}.${signature(key, 'overview', expiresAt)}`;

/** When the overview token expires (ms), or undefined: forged or expired. */
export function verifyOverview(key: Buffer, token: string | undefined, now = Date.now()): number | undefined {
  const parts = token === undefined ? null : TOKEN.exec(token);
  if (!parts) return undefined;
  const expiresAt = Number(parts[1]);
  if (expiresAt <= now) return undefined;
  return signatureMatches(key, parts[2]!, 'overview', expiresAt) ? expiresAt : undefined;
}
