// Which checkout trigger a shop order leads to (spec: GET api/site-checkout-trigger/{x}/nextproduct): the
// first active one, by position then age, naming one of the order's products (or every order), whose
// upsell is not a product the order already holds (a buyer is never offered what they just bought).
import { and, arrayOverlaps, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { checkoutTriggers } from '../../db/checkout-trigger-schema';

export type CheckoutTriggerRow = typeof checkoutTriggers.$inferSelect;

export async function matchTrigger(db: Executor, handles: readonly string[]): Promise<CheckoutTriggerRow | null> {
  if (!handles.length) return null;
  const [found] = await db
    .select()
    .from(checkoutTriggers)
    .where(
      and(
        eq(checkoutTriggers.active, true),
        sql`(cardinality(${checkoutTriggers.products}) = 0 or ${arrayOverlaps(checkoutTriggers.products, [...handles])})`,
        notInArray(sql`${checkoutTriggers.upsell}->>'product'`, [...handles]),
      ),
    )
    .orderBy(asc(checkoutTriggers.position), asc(checkoutTriggers.id))
    .limit(1);
  return found ?? null;
}
