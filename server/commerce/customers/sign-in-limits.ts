// Brute force (issue 25): failed sign-ins are counted in the database per account (the email asked, known
// or not) and per client address, over a sliding window, so every process of the shop shares the count.
// An attempt is written before its password is checked, then counted with those written before it (by
// id): of attempts made at the same moment, in any process, exactly the first ones up to the limit go on. A right password removes its row and
// the account's earlier failures.
import { and, asc, count, eq, gt, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { signInFailures } from '../../db/customer-schema';
import { ShopError } from '../errors';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures per account in the window before sign-in is refused (spec: at most 10 per 15 minutes). */
export const FAILURES_PER_ACCOUNT = 10;
/** Failures per client address in the window: higher, since many shoppers may share one address. */
export const FAILURES_PER_ADDRESS = 50;

export interface Attempt {
  /** The attempt's password was right: its row and the account's failures go. */
  succeeded(): Promise<void>;
}

export function createSignInLimits(db: Db, now: () => Date = () => new Date()) {
  const since = () => new Date(now().getTime() - FAILURE_WINDOW_MS);

  /** When the count of `column = value` in the window drops below `limit` again. */
  const retryAt = async (column: typeof signInFailures.emailKey | typeof signInFailures.ip, value: string, limit: number) => {
    const rows = await db
      .select({ at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(column, value), gt(signInFailures.at, since())))
      .orderBy(asc(signInFailures.at));
    const oldest = rows[rows.length - limit]?.at ?? now();
    return new Date(oldest.getTime() + FAILURE_WINDOW_MS);
  };

  /** Failures of `column = value` in the window up to this attempt's own row (those made before it, and it). */
  const counted = async (column: typeof signInFailures.emailKey | typeof signInFailures.ip, value: string, upTo: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(column, value), gt(signInFailures.at, since()), lte(signInFailures.id, upTo)));
    return row?.n ?? 0;
  };

  return {
    /**
     * Starts a sign-in attempt (counted as a failure until it succeeds); refuses it with 6007 and when to
     * try again once the account or the address is over its limit.
     */
    async attempt(key: string, ip: string): Promise<Attempt> {
      const [row] = await db.insert(signInFailures).values({ emailKey: key, ip, at: now() }).returning({ id: signInFailures.id });
      const id = row!.id;
      const [byAccount, byAddress] = await Promise.all([
        counted(signInFailures.emailKey, key, id),
        counted(signInFailures.ip, ip, id),
      ]);
      if (byAccount > FAILURES_PER_ACCOUNT || byAddress > FAILURES_PER_ADDRESS) {
        // A refused attempt is not a try: it does not push the time to wait further.
        await db.delete(signInFailures).where(eq(signInFailures.id, id));
        const at =
          byAccount > FAILURES_PER_ACCOUNT
            ? await retryAt(signInFailures.emailKey, key, FAILURES_PER_ACCOUNT)
            : await retryAt(signInFailures.ip, ip, FAILURES_PER_ADDRESS);
        const minutes = Math.max(1, Math.ceil((at.getTime() - now().getTime()) / 60_000));
        throw new ShopError(
          'tooManyAttempts',
          `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
          { retryAt: at.toISOString(), minutes },
        );
      }
      return {
        async succeeded() {
          await db.delete(signInFailures).where(eq(signInFailures.emailKey, key));
        },
      };
    },

    /** Drops failures older than the window (the expiry job). */
    async sweep(): Promise<void> {
      await db.delete(signInFailures).where(lt(signInFailures.at, since()));
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
