// The signed time a form was readied in the browser (the "render timestamp" of issue 26): a person takes
// seconds to fill in a form, a bot posting at once does not, and a stamp kept for days is a replayed one.
// An HMAC over the form's name and the time, with a key derived from the merchant token, so every process
// checks it alike and nobody can make one for a time of their choosing.
import { signature, signatureMatches } from '../signing';

/** A send sooner than this after the form was readied is a bot's. */
export const MIN_FILL_MS = 3_000;
/** A stamp older than this is refused (a form left open overnight is readied again). */
export const MAX_STAMP_AGE_MS = 24 * 3600_000;
/** How far in the future a stamp may lie (clocks of two processes). */
const CLOCK_SKEW_MS = 5_000;

const STAMP = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

export function signStamp(key: Buffer, form: string, issuedAt: number): string {
  return `${issuedAt}.${signature(key, 'form stamp', form, issuedAt)}`;
}

/** The check the stamp fails, or null: `stamp` (missing, forged, for another form), `tooFast`, `tooOld`. */
export function stampProblem(
  key: Buffer,
  form: string,
  stamp: string | undefined,
  now: number,
): 'stamp' | 'tooFast' | 'tooOld' | null {
  const parts = STAMP.exec(stamp ?? '');
  if (!parts) return 'stamp';
  const issuedAt = Number(parts[1]);
  if (!signatureMatches(key, parts[2]!, 'form stamp', form, issuedAt) || issuedAt > now + CLOCK_SKEW_MS) return 'stamp';
  if (now - issuedAt < MIN_FILL_MS) return 'tooFast';
  return now - issuedAt > MAX_STAMP_AGE_MS ? 'tooOld' : null;
}
