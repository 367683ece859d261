// The answers of idempotent payment requests by key (table idempotency_keys): claimed by the first
// request, answered once, given again for 24 hours (server/api/idempotency.ts speaks HTTP around this).
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { idempotencyKeys } from '../../db/payment-schema';

/** How long an answer is given again for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export function createIdempotencyKeys(db: Db) {
  return {
    /** True when this request is the key's first (an answer older than a day names nothing any more). */
    async claim(key: string, requestHash: string, now = new Date()): Promise<boolean> {
      // One statement: a new key is taken; a key older than a day names nothing any more and is taken anew.
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ key, requestHash, createdAt: now })
        .onConflictDoUpdate({
          target: idempotencyKeys.key,
          set: { requestHash, status: null, body: null, createdAt: now },
          setWhere: lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
        })
        .returning({ key: idempotencyKeys.key });
      return claimed.length > 0;
    },
    /** The key's request and answer (status null while the first request is being answered). */
    async find(key: string): Promise<{ requestHash: string; status: number | null; body: string | null } | null> {
      const [row] = await db
        .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key));
      return row ?? null;
    },
    async answer(key: string, status: number, body: string): Promise<void> {
      await db.update(idempotencyKeys).set({ status, body }).where(eq(idempotencyKeys.key, key));
    },
    /** The first request failed (5xx): the key may be used again. */
    async release(key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    },
    async forgetOld(now: Date): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;
