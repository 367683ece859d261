// A checkout by its token, or 5009 (spec section 8: token does not exist).
import { eq } from 'drizzle-orm';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { checkouts } from '../../db/schema';
import { ShopError } from '../errors';

export async function findCheckout(db: Db, token: string): Promise<typeof checkouts.$inferSelect> {
  const [row] = isToken(token) ? await db.select().from(checkouts).where(eq(checkouts.token, token)) : [];
  if (!row) throw new ShopError('tokenNotFound', 'There is no checkout with this token.');
  return row;
}
