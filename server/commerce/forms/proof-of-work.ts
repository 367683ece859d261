// Proof of work without a third-party service (issue 26): the browser's ALTCHA widget solves a challenge
// the shop made with altcha-lib (PBKDF2: a few hundred derivations, under a second in a browser, a cost
// that adds up for a bot sending thousands), and the shop checks the solution. The challenge is signed
// (HMAC, a key derived from the merchant token) with the form's name in its signed data, so a solution
// for the newsletter does not send a contact message; it is used once, in any process: its signature is
// written to `used_challenges` until it expires.
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { usedChallenges } from '../../db/forms-schema';

export const POW_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations of one try; with a one-byte prefix a solution takes about 256 tries. */
export const POW_COST = 2_000;
/** A challenge is good for as long as a stamp is (a form left open for a day is readied again). */
export const POW_LIFETIME_MS = 24 * 3600_000;

export type PowProblem = 'pow' | 'powReplay';

export function createProofOfWork(db: Db, secret: string) {
  return {
    /** A new challenge for the form, signed, expiring. */
    challenge: (form: string, now: number): Promise<Challenge> =>
      createChallenge({
        algorithm: POW_ALGORITHM,
        cost: POW_COST,
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(now + POW_LIFETIME_MS),
        data: { form },
      }),

    /** The check a solution (the widget's base64 payload) fails, or null. A good one is used up. */
    async problem(form: string, payload: string | undefined): Promise<PowProblem | null> {
      const solved = parsePayload(payload);
      if (!solved || solved.challenge.parameters.data?.form !== form) return 'pow';
      const result = await verifySolution({
        challenge: solved.challenge,
        solution: solved.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      }).catch(() => null);
      if (!result?.verified || !solved.challenge.signature) return 'pow';
      const expiresAt = new Date((solved.challenge.parameters.expiresAt ?? 0) * 1000);
      const [claimed] = await db
        .insert(usedChallenges)
        .values({ signature: solved.challenge.signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedChallenges.signature });
      return claimed ? null : 'powReplay';
    },

    /** Forgets used challenges that have expired (nobody can send them again: they no longer verify). */
    async sweep(now: Date): Promise<void> {
      await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now));
    },
  };
}

/** The widget's payload: base64 of `{ challenge, solution }`; anything else is no solution. */
function parsePayload(payload: string | undefined): Payload | null {
  if (!payload || payload.length > 4000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const parameters = parsed?.challenge?.parameters;
    const solution = parsed?.solution;
    if (!parameters || typeof parameters !== 'object' || !solution || typeof solution !== 'object') return null;
    if (parameters.algorithm !== POW_ALGORITHM || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string')
      return null;
    return parsed as Payload;
  } catch {
    return null;
  }
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
