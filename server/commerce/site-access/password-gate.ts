// The password page's check (spec section 5: "Password is wrong, please try again"), with a limit of wrong
// tries per client address counted in the database (every process of the shop shares it). As with
// sign-ins (customers/sign-in-limits.ts), a try is written before the password is compared and counted
// with those written before it, so tries made at the same moment in several processes cannot all slip
// under the limit; a right password removes its row.
import { and, count, eq, gt, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { passwordGateFailures } from '../../db/site-schema';
import { ShopError } from '../errors';
import { gateCookieMatches, gateCookieValue, type GateName } from './gate-cookie';

export const GATE_FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords per client address in the window: a person mistyping, not a guesser working a list. */
export const GATE_FAILURES_PER_ADDRESS = 20;

export function createPasswordGate(db: Db, now: () => Date = () => new Date()) {
  const since = () => new Date(now().getTime() - GATE_FAILURE_WINDOW_MS);
  return {
    /**
     * Checks the password given for a gate; answers the cookie value that passes it (the base64 of the
     * password, spec section 5), or throws 50024 (wrong) or 50025 (too many wrong tries from the address).
     */
    async check(gate: GateName, given: string, password: string, ip: string): Promise<string> {
      const [row] = await db.insert(passwordGateFailures).values({ ip, at: now() }).returning({ id: passwordGateFailures.id });
      const id = row!.id;
      const [tries] = await db
        .select({ n: count() })
        .from(passwordGateFailures)
        .where(and(eq(passwordGateFailures.ip, ip), gt(passwordGateFailures.at, since()), lte(passwordGateFailures.id, id)));
      if ((tries?.n ?? 0) > GATE_FAILURES_PER_ADDRESS) {
        await db.delete(passwordGateFailures).where(eq(passwordGateFailures.id, id));
        throw new ShopError('tooManyPasswordTries', 'Too many wrong passwords from this address. Try again in 15 minutes.');
      }
      // An open gate has no password to match: nothing given can be right.
      if (password === '' || !gateCookieMatches(gateCookieValue(given), password))
        throw new ShopError('wrongPassword', `Password is wrong, please try again (${gate}).`);
      await db.delete(passwordGateFailures).where(eq(passwordGateFailures.id, id));
      return gateCookieValue(password);
    },

    /** Drops tries older than the window (the expiry job). */
    async sweep(): Promise<void> {
      await db.delete(passwordGateFailures).where(lt(passwordGateFailures.at, since()));
    },
  };
}

export type PasswordGate = ReturnType<typeof createPasswordGate>;
