// Passwords (issue 25, spec section 5): hashed with Argon2id (@node-rs/argon2, OWASP's first set of
// parameters: 19 MiB, two passes, one lane; bench/RESULTS.md has what a hash costs), which runs on libuv's
// thread pool, off the event loop. The parameters are written in each hash, so raising them later still
// verifies the older hashes. A new password must be long enough
// and not one of the ~49,000 most common ones (zxcvbn-ts's list); the length limit keeps a hash cheap.
import { hash, verify, type Options } from '@node-rs/argon2';
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

/** `algorithm` 2 is Argon2id (the package's const enum cannot be read under verbatimModuleSyntax). */
const ARGON2: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

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
  decoy ??= hashPassword('vitrine decoy password, never an account');
  await verifyPassword(await decoy, password);
  return false;
}
