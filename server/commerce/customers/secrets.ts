// The secrets the customer accounts hand out (session tokens, mail links, one-time codes): random, and
// kept in the database only as their SHA-256, so a copy of the database signs no one in.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: a session token or a mail link's secret. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** A six-digit one-time code for a mail (leading zeros kept). */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** What a secret given by a client may look like (anything else is not looked up). */
export const isSecret = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
