// Changes a cart line's quantity (spec section 7: POST api/multicurrency/shopping-carts/{id}): at least 1
// (the schema), never above the stock or MAX_LINE_QUANTITY, in one conditional statement.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { cartLines } from '../../db/cart-schema';
import { products, skus } from '../../db/catalog-schema';
import { notFound, ShopError } from '../errors';
import { isId } from '../ids';
import { MAX_LINE_QUANTITY } from './add-line';
import { findCart } from './find-cart';

export async function setLineQuantity(db: Db, visitorId: string, lineId: number, quantity: number): Promise<void> {
  const cartId = isId(lineId) ? await findCart(db, visitorId, false) : null;
  const [line] =
    cartId === null
      ? []
      : await db
          .select({ skuId: cartLines.skuId, stock: skus.stock, status: products.status })
          .from(cartLines)
          .innerJoin(skus, eq(skus.id, cartLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  if (!line) throw notFound('There is no such line in your cart.');
  if (line.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
  const [updated] = await queryRows<{ quantity: number }>(
    db,
    sql`update ${cartLines} set quantity = ${quantity}
        where id = ${lineId} and cart_id = ${cartId}
          and ${quantity} <= least((select ${skus.stock} from ${skus} where ${skus.id} = ${cartLines}.sku_id), ${MAX_LINE_QUANTITY})
        returning quantity`,
  );
  if (!updated) {
    const available = Math.min(line.stock, MAX_LINE_QUANTITY);
    throw new ShopError('cannotAddToCart', `Only ${available} of this item can be in your cart.`, { available });
  }
}
