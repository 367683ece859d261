// Stock is taken for an order in one conditional statement (`stock = stock - n where stock >= n`, never
// read-then-write): under any number of buyers at once, a unit is sold once. When a line cannot be had,
// the caller's transaction is rolled back, so nothing changes.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/connect';
import { ShopError } from '../errors';

/** Quantities by SKU id (lines of the same SKU added up). */
export function quantitiesBySku(lines: { skuId: number; quantity: number }[]): Map<number, number> {
  const bySku = new Map<number, number>();
  for (const line of lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.quantity);
  return bySku;
}

/** Takes the stock of every line, or throws 5003 naming what cannot be had (the transaction must roll back). */
export async function takeStock(tx: Executor, lines: { skuId: number; quantity: number }[]): Promise<void> {
  const bySku = quantitiesBySku(lines);
  const values = sql.join(
    [...bySku].map(([id, quantity]) => sql`(${id}::int, ${quantity}::int)`),
    sql`, `,
  );
  // The rows are locked in id order first, so two orders of the same SKUs never wait on each other in a
  // circle; "no key update" (what updating the stock takes anyway) does not wait on the key-share locks
  // that order lines referencing the SKU hold.
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`with wanted(id, quantity) as (values ${values}),
        locked as (select s.id from skus s join wanted w on w.id = s.id order by s.id for no key update of s)
        update skus s set stock = s.stock - w.quantity from wanted w, locked l
        where s.id = w.id and l.id = s.id and s.stock >= w.quantity returning s.id`,
  );
  const takenIds = new Set(taken.map((r) => Number(r.id)));
  const missing = [...bySku.keys()].filter((id) => !takenIds.has(id));
  if (missing.length) {
    throw new ShopError('cannotAddToCart', 'Some items are no longer available. Your cart has been updated.', {
      soldOut: missing,
    });
  }
}

/** Gives back the stock an order took (an order that expired or was replaced unpaid). */
export async function giveBackStock(tx: Executor, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(
    sql`update skus s set stock = s.stock + l.quantity
        from (select sku_id, sum(quantity)::int as quantity from order_lines
              where order_id in (${sql.join(
                orderIds.map((id) => sql`${id}`),
                sql`, `,
              )}) group by sku_id) as l
        where s.id = l.sku_id`,
  );
}
