// Passwords (issue 25, spec section 5): hashed with Argon2id (@node-rs/argon2, OWASP's parameters: 19 MiB,
// two passes), which runs on libuv's thread pool, off the event loop. A new password must be long enough
// and not one of the ~49,000 most common ones (zxcvbn-ts's list); the length limit keeps a hash cheap.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ShopError } from '../errors';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let common: Set<string> | undefined;
const isCommon = (password: string) => (common ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase());

/** Why a new password is refused, or undefined when it may be used. */
export function passwordProblem(password: string, email?: string): 'tooShort' | 'tooLong' | 'common' | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (isCommon(password)) return 'common';
  if (email && password.toLowerCase() === email.trim().toLowerCase()) return 'common';
  return undefined;
}

/** Refuses a password no account should have (6004, naming why in `data.reason`). */
export function checkNewPassword(password: string, email?: string): void {
  const problem = passwordProblem(password, email);
  if (!problem) return;
  const messages = {
    tooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
    tooLong: `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`,
    common: 'This password is too common: choose one that is harder to guess.',
  };
  throw new ShopError('weakPassword', messages[problem], { reason: problem, minLength: PASSWORD_MIN_LENGTH });
}

export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH * 4) return false;
  return verify(passwordHash, password).catch(() => false);
}

let decoy: Promise<string> | undefined;
/**
 * Spends the time of checking a password when there is no account to check it against, so a sign-in for
 * an unknown email takes as long as a wrong password for a known one (no account enumeration by timing).
 */
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hash('vitrine decoy password, never an account');
  await verifyPassword(await decoy, password);
  return false;
}
