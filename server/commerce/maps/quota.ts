// How many maps lookups (an address search or an address detail: each is a paid call to the maps service)
// a visitor and the whole shop may make in one UTC day. Counted in the database before the call is made,
// so every server process shares one count and a burst of calls cannot pass the limit (the increment and
// its limit are one statement; the visitor's and the shop's counts change together or not at all).
//
// The numbers: a shopper types an address in about 4 to 8 debounced searches and picks it with 1 detail,
// so 60 lookups a day is some 8 addresses (a shipping and a billing address, retyped a few times) and stops
// a script long before it costs much; 5,000 a day for the shop is some 700 addressed checkouts, about
// US$15 a day at Google's autocomplete session prices, a cap a merchant would rather hit than a bill.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { mapsLookups } from '../../db/maps-schema';

export interface MapsLimits {
  /** Lookups one visitor may make in a day. */
  visitorPerDay: number;
  /** Lookups the whole shop may make in a day. */
  shopPerDay: number;
}

export const DEFAULT_MAPS_LIMITS: MapsLimits = { visitorPerDay: 60, shopPerDay: 5000 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as the table keys it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** When the day's counts start again: the next UTC midnight. */
export function nextDay(at: Date): Date {
  const next = new Date(at);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}

class Spent extends Error {
  constructor(readonly who: 'visitor' | 'shop') {
    super(`the ${who}'s maps lookups of the day are used up`);
  }
}

export function createMapsQuota(db: Db, limits: MapsLimits) {
  /** Counts one more lookup of `scope`; false (nothing counted) when its day's limit is reached. */
  const bump = async (tx: Pick<Db, 'insert'>, day: string, scope: 'shop' | 'visitor', key: string, limit: number) => {
    const rows = await tx
      .insert(mapsLookups)
      .values({ day, scope, key, count: 1 })
      .onConflictDoUpdate({
        target: [mapsLookups.day, mapsLookups.scope, mapsLookups.key],
        set: { count: sql`${mapsLookups.count} + 1` },
        setWhere: sql`${mapsLookups.count} < ${limit}`,
      })
      .returning({ count: mapsLookups.count });
    return rows[0]?.count;
  };

  return {
    /**
     * Takes one lookup for the visitor: answers who had none left ('visitor' or 'shop') and counts
     * nothing then, or null when the lookup is counted.
     */
    async take(visitor: string, at: Date): Promise<'visitor' | 'shop' | null> {
      const day = dayOf(at);
      try {
        await db.transaction(async (tx) => {
          // The visitor's row first: the shop's row, which every lookup locks, is held the shortest time.
          if ((await bump(tx, day, 'visitor', visitor, limits.visitorPerDay)) === undefined) throw new Spent('visitor');
          const shopCount = await bump(tx, day, 'shop', '', limits.shopPerDay);
          if (shopCount === undefined) throw new Spent('shop');
          // The day's first lookup clears the counts of the days before yesterday (only today's are read;
          // yesterday's are left to lookups still finishing in a process whose clock is a little behind).
          if (shopCount === 1) await tx.delete(mapsLookups).where(lt(mapsLookups.day, dayOf(new Date(at.getTime() - DAY_MS))));
        });
        return null;
      } catch (error) {
        if (error instanceof Spent) return error.who;
        throw error;
      }
    },

    /** What the visitor may still look up today: the lesser of their own and the shop's remainder. */
    async remaining(visitor: string, at: Date): Promise<{ used: number; remaining: number }> {
      const day = dayOf(at);
      const count = async (scope: 'shop' | 'visitor', key: string) =>
        (
          await db
            .select({ count: mapsLookups.count })
            .from(mapsLookups)
            .where(and(eq(mapsLookups.day, day), eq(mapsLookups.scope, scope), eq(mapsLookups.key, key)))
        )[0]?.count ?? 0;
      const [used, shopUsed] = await Promise.all([count('visitor', visitor), count('shop', '')]);
      return {
        used,
        remaining: Math.max(0, Math.min(limits.visitorPerDay - used, limits.shopPerDay - shopUsed)),
      };
    },
  };
}
