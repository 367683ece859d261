// Signed-in sessions (issue 25): a random token handed to the browser (the HttpOnly `token` cookie) or to
// an API client (the `sign` header); only its SHA-256 is stored. A session ends after 14 days unused or
// 60 days in all, on sign-out, and when the password changes or is reset (every session of the account).
import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { customers, customerSessions } from '../../db/customer-schema';
import { isSecret, newSecret, secretHash } from './secrets';

export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_LIFETIME_MS = 60 * 24 * 3600_000;
/** A session's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 5 * 60_000;

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof customerSessions.$inferSelect;

export interface SignedIn {
  customer: CustomerRow;
  session: SessionRow;
}

export function createSessions(db: Db, now: () => Date = () => new Date()) {
  return {
    /** A new session for the customer: the token to hand out (never stored as such). */
    async start(customerId: number, userAgent: string | undefined): Promise<{ token: string; session: SessionRow }> {
      const token = newSecret();
      const at = now();
      const [session] = await db
        .insert(customerSessions)
        .values({
          customerId,
          tokenHash: secretHash(token),
          userAgent: userAgent?.slice(0, 300) ?? null,
          createdAt: at,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + SESSION_LIFETIME_MS),
        })
        .returning();
      return { token, session: session! };
    },

    /** The customer and session of a token, when the session is still alive; its use is noted. */
    async find(token: string | undefined): Promise<SignedIn | undefined> {
      if (!token || !isSecret(token)) return undefined;
      const at = now();
      const [row] = await db
        .select({ customer: customers, session: customerSessions })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.tokenHash, secretHash(token)),
            gt(customerSessions.expiresAt, at),
            gt(customerSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        );
      if (!row) return undefined;
      if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(customerSessions).set({ lastSeenAt: at }).where(eq(customerSessions.id, row.session.id));
      }
      return row;
    },

    /** The account's live sessions, the newest use first. */
    list: (customerId: number) =>
      db
        .select()
        .from(customerSessions)
        .where(
          and(
            eq(customerSessions.customerId, customerId),
            gt(customerSessions.expiresAt, now()),
            gt(customerSessions.lastSeenAt, new Date(now().getTime() - SESSION_IDLE_MS)),
          ),
        )
        .orderBy(desc(customerSessions.lastSeenAt)),

    /** Ends one session of the account (sign-out, or one ended from the sessions list). */
    async end(customerId: number, sessionId: number): Promise<boolean> {
      const ended = await db
        .delete(customerSessions)
        .where(and(eq(customerSessions.id, sessionId), eq(customerSessions.customerId, customerId)))
        .returning({ id: customerSessions.id });
      return ended.length > 0;
    },

    /** Ends every session of the account but `keep` (none: all of them). */
    async endAll(customerId: number, keep?: number): Promise<number> {
      const ended = await db
        .delete(customerSessions)
        .where(and(eq(customerSessions.customerId, customerId), keep === undefined ? undefined : ne(customerSessions.id, keep)))
        .returning({ id: customerSessions.id });
      return ended.length;
    },

    /** Removes sessions that can no longer be used (the expiry job). */
    async sweep(): Promise<number> {
      const at = now();
      const gone = await db
        .delete(customerSessions)
        .where(or(lt(customerSessions.expiresAt, at), lt(customerSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS))))
        .returning({ id: customerSessions.id });
      return gone.length;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
