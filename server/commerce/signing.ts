// What the shop signs for others to hand back (preview links, one-click offers): a key derived from the
// merchant token for each purpose (so every process of the shop checks alike, and a new merchant token
// revokes everything signed before), an HMAC-SHA256 over the signed parts, and its check in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The key of one purpose (`vitrine preview links`, `vitrine funnel offers`), from the merchant token. */
export function derivedKey(purpose: string, merchantToken: string): Buffer {
  return createHash('sha256').update(`${purpose}\n${merchantToken}`).digest();
}

/** The HMAC of the parts (joined by line breaks), base64url: 43 characters. */
export function signature(key: Buffer, ...parts: (string | number)[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

/** Whether `given` is the signature of the parts (compared in constant time). */
export function signatureMatches(key: Buffer, given: string, ...parts: (string | number)[]): boolean {
  const expected = Buffer.from(signature(key, ...parts));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
