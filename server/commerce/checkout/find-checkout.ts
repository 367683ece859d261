// A checkout by its token, or 5009 (spec section 8: token does not exist).
import { eq, sql } from 'drizzle-orm';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { preparedStatement } from '../../db/prepared-statement';
import { checkouts } from '../../db/checkout-schema';
import { ShopError } from '../errors';

/** Read on every checkout page and call. */
const byToken = preparedStatement((db) =>
  db
    .select()
    .from(checkouts)
    .where(eq(checkouts.token, sql.placeholder('token')))
    .prepare('checkout_by_token'),
);

export async function findCheckout(db: Db, token: string): Promise<typeof checkouts.$inferSelect> {
  const [row] = isToken(token) ? await byToken(db).execute({ token }) : [];
  if (!row) throw new ShopError('tokenNotFound', 'There is no checkout with this token.');
  return row;
}
