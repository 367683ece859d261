// One proof-of-email primitive (issue 25) for activation, password reset, a change of email, claiming guest
// orders and the newsletter's double opt-in (issue 26): a secret mailed to one address, for one purpose, kept
// only as its SHA-256, used once, short-lived, with its own send limit per address and, for a six-digit
// code, a limit of wrong tries.
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect';
import { emailProofs, type EmailProofPurpose } from '../../db/customer-schema';
import { emailKey } from '../email-key';
import { isSecret, newCode, newSecret, secretHash } from './secrets';

/** How long each kind of proof may be used. */
export const PROOF_LIFETIME_MS: Record<EmailProofPurpose, number> = {
  activate: 48 * 3600_000,
  reset: 60 * 60_000,
  changeEmail: 24 * 3600_000,
  claim: 15 * 60_000,
  newsletter: 48 * 3600_000,
};
/** At most this many proofs of one purpose are mailed to one address an hour (the rest are not sent). */
export const PROOFS_PER_HOUR = 5;
/** Wrong tries of a code before it is void. */
export const CODE_TRIES = 5;

export interface Proven {
  emailKey: string;
  customerId: number | null;
}

export function createEmailProofs(db: Db, now: () => Date = () => new Date()) {
  /** Whether another proof may be mailed to the address for the purpose (the hourly limit). */
  const mayIssue = async (purpose: EmailProofPurpose, key: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(emailProofs)
      .where(
        and(
          eq(emailProofs.purpose, purpose),
          eq(emailProofs.emailKey, key),
          gt(emailProofs.createdAt, new Date(now().getTime() - 3600_000)),
        ),
      );
    return (row?.n ?? 0) < PROOFS_PER_HOUR;
  };

  /** Proofs of a purpose mailed to an address since a time (a caller's own cap: the newsletter's daily one). */
  const issuedSince = async (purpose: EmailProofPurpose, email: string, since: Date) => {
    const [row] = await db
      .select({ n: count() })
      .from(emailProofs)
      .where(and(eq(emailProofs.purpose, purpose), eq(emailProofs.emailKey, emailKey(email)), gt(emailProofs.createdAt, since)));
    return row?.n ?? 0;
  };

  const insert = (purpose: EmailProofPurpose, key: string, customerId: number | undefined, hash: string) =>
    db.insert(emailProofs).values({
      purpose,
      emailKey: key,
      customerId: customerId ?? null,
      secretHash: hash,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + PROOF_LIFETIME_MS[purpose]),
    });

  return {
    issuedSince,

    /** Removes proofs a day after they were used or expired (the expiry job): nothing can use them. */
    async sweep(): Promise<number> {
      const dayAgo = new Date(now().getTime() - 24 * 3600_000);
      const gone = await db
        .delete(emailProofs)
        .where(or(lt(emailProofs.expiresAt, dayAgo), lt(emailProofs.usedAt, dayAgo)))
        .returning({ id: emailProofs.id });
      return gone.length;
    },

    /**
     * A new link secret for the address and purpose, or undefined when the address was sent too many this
     * hour (the caller answers as if it was sent: nothing tells a stranger what happened).
     */
    async issueLink(purpose: EmailProofPurpose, email: string, customerId?: number): Promise<string | undefined> {
      const key = emailKey(email);
      if (!(await mayIssue(purpose, key))) return undefined;
      const secret = newSecret();
      await insert(purpose, key, customerId, secretHash(secret));
      return secret;
    },

    /** A new six-digit code; earlier codes of the address and purpose are void. Undefined over the limit. */
    async issueCode(purpose: EmailProofPurpose, email: string, customerId?: number): Promise<string | undefined> {
      const key = emailKey(email);
      if (!(await mayIssue(purpose, key))) return undefined;
      const code = newCode();
      const salt = randomBytes(12).toString('hex');
      await db
        .update(emailProofs)
        .set({ usedAt: now() })
        .where(and(eq(emailProofs.purpose, purpose), eq(emailProofs.emailKey, key), isNull(emailProofs.usedAt)));
      await insert(purpose, key, customerId, `${salt}:${secretHash(salt + code)}`);
      return code;
    },

    /** Uses a link's secret once: what it proves, or undefined (unknown, used, expired or for another purpose). */
    async useLink(purpose: EmailProofPurpose, secret: string): Promise<Proven | undefined> {
      if (!isSecret(secret)) return undefined;
      const [used] = await db
        .update(emailProofs)
        .set({ usedAt: now() })
        .where(
          and(
            eq(emailProofs.secretHash, secretHash(secret)),
            eq(emailProofs.purpose, purpose),
            isNull(emailProofs.usedAt),
            gt(emailProofs.expiresAt, now()),
          ),
        )
        .returning({ emailKey: emailProofs.emailKey, customerId: emailProofs.customerId });
      return used;
    },

    /** What a link's secret would prove, without using it (a page checks its link before showing a form). */
    async peekLink(purpose: EmailProofPurpose, secret: string): Promise<Proven | undefined> {
      if (!isSecret(secret)) return undefined;
      const [row] = await db
        .select({ emailKey: emailProofs.emailKey, customerId: emailProofs.customerId })
        .from(emailProofs)
        .where(
          and(
            eq(emailProofs.secretHash, secretHash(secret)),
            eq(emailProofs.purpose, purpose),
            isNull(emailProofs.usedAt),
            gt(emailProofs.expiresAt, now()),
          ),
        );
      return row;
    },

    /** Uses the address's latest code once; a wrong code counts a try, and the code is void after CODE_TRIES. */
    async useCode(purpose: EmailProofPurpose, email: string, code: string): Promise<Proven | undefined> {
      const key = emailKey(email);
      const [proof] = await db
        .select()
        .from(emailProofs)
        .where(
          and(
            eq(emailProofs.purpose, purpose),
            eq(emailProofs.emailKey, key),
            isNull(emailProofs.usedAt),
            gt(emailProofs.expiresAt, now()),
          ),
        )
        .orderBy(desc(emailProofs.createdAt))
        .limit(1);
      if (!proof || proof.attempts >= CODE_TRIES) return undefined;
      const [salt = '', expected = ''] = proof.secretHash.split(':');
      const given = secretHash(salt + code.trim());
      const right = expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
      // The try is counted and the proof used in one statement, checked against its state at that moment:
      // two tries at once cannot both use it, nor pass the limit.
      const [after] = await db
        .update(emailProofs)
        .set(right ? { usedAt: now() } : { attempts: sql`${emailProofs.attempts} + 1` })
        .where(and(eq(emailProofs.id, proof.id), isNull(emailProofs.usedAt), sql`${emailProofs.attempts} < ${CODE_TRIES}`))
        .returning({ emailKey: emailProofs.emailKey, customerId: emailProofs.customerId });
      return right ? after : undefined;
    },
  };
}

export type EmailProofs = ReturnType<typeof createEmailProofs>;
