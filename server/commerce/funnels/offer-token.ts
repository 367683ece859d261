// The token of a one-click offer: `{id}.{expiresAt}.{hmac}`. The id names the offer's row (which makes it
// single-use: it is answered once); the expiry is the offer window, signed by the shop with a key derived
// from its merchant token, so neither a changed clock in the browser nor an edited token moves the
// deadline, and every process of the shop checks it alike.
import { randomBytes } from 'node:crypto';
import { derivedKey, signature, signatureMatches } from '../signing';

const TOKEN = /^([0-9a-f]{32})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export const offerKey = (merchantToken: string): Buffer => derivedKey('vitrine funnel offers', merchantToken);

export const newOfferId = () => randomBytes(16).toString('hex');

export function signOffer(key: Buffer, id: string, expiresAt: Date): string {
  const ms = expiresAt.getTime();
  return `${id}.${ms}.${signature(key, id, ms)}`;
}

/** The offer a token names and its deadline, or null for a token the shop did not sign. */
export function readOfferToken(key: Buffer, token: string): { id: string; expiresAt: Date } | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const id = parts[1]!;
  const expiresAt = Number(parts[2]);
  return signatureMatches(key, parts[3]!, id, expiresAt) ? { id, expiresAt: new Date(expiresAt) } : null;
}
