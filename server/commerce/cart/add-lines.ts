// Adds several SKUs at once (spec section 7: POST api/shopping-carts/saveProducts, a bundle's "add all"):
// in one transaction, each with the rules of add to cart; when one cannot be added, none is.
import type { Db } from '../../db/connect';
import { addLine } from './add-line';

export async function addLines(db: Db, visitorId: string, items: { skuId: number; quantity: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of items) await addLine(tx, visitorId, item.skuId, item.quantity);
  });
}
