// The random values of signed payment requests (schemas/payment-signature.ts), kept in the database so a
// replay is refused by every server process, not only the one that saw it first.
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { paymentNonces } from '../../db/payment-schema';

/** True the first time a value is seen, false for a replay. */
export async function rememberNonce(db: Db, value: string): Promise<boolean> {
  const fresh = await db.insert(paymentNonces).values({ value }).onConflictDoNothing().returning({ value: paymentNonces.value });
  return fresh.length > 0;
}

/** Forgets values older than `maxAgeMs` (no request that old is accepted any more). */
export async function forgetOldNonces(db: Db, now: Date, maxAgeMs: number): Promise<number> {
  const gone = await db
    .delete(paymentNonces)
    .where(lt(paymentNonces.seenAt, new Date(now.getTime() - maxAgeMs)))
    .returning({ value: paymentNonces.value });
  return gone.length;
}
