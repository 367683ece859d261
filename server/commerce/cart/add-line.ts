// Add to cart (spec section 7: POST api/shopping-carts): a quantity of a SKU into the visitor's cart.
// The rule: the SKU exists (5002), its product is on the shelf (5006), and the line never holds more
// than the stock or MAX_LINE_QUANTITY (5003, saying how many can be). The line is written with one
// conditional statement, so two adds at once can never both pass the check (no read-then-write).
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { cartLines, carts } from '../../db/cart-schema';
import { products, skus } from '../../db/catalog-schema';
import { ShopError } from '../errors';

/** Most of one SKU a cart may hold. */
export const MAX_LINE_QUANTITY = 999;

/**
 * Adds `count` of a SKU whose product is on the shelf to the visitor's cart (made when missing, and marked
 * changed), in one statement; the cart's id and the line's new quantity, or null when the SKU is not to be
 * had, or stock or the limit would be passed.
 */
async function addWithinStock(
  db: Db,
  visitorId: string,
  skuId: number,
  count: number,
): Promise<{ cartId: number; quantity: number | null }> {
  // No such SKU on the shelf: a limit of 0 (least() would pass over a null).
  const limit = sql`least(coalesce((select s.stock from ${skus} s join ${products} p on p.id = s.product_id
    where s.id = ${skuId} and p.status = 'active'), 0), ${MAX_LINE_QUANTITY})`;
  const [row] = await queryRows<{ cart_id: number; quantity: number | null }>(
    db,
    sql`with cart as (
          insert into ${carts} (visitor_id) values (${visitorId})
          on conflict (visitor_id) do update set updated_at = now() returning id),
        line as (
          insert into ${cartLines} (cart_id, sku_id, quantity)
          select (select id from cart), ${skuId}, ${count} where ${count} <= ${limit}
          on conflict (cart_id, sku_id) do update set quantity = ${cartLines}.quantity + excluded.quantity
            where ${cartLines}.quantity + excluded.quantity <= ${limit}
          returning quantity)
        select (select id from cart) as cart_id, (select quantity from line) as quantity`,
  );
  return { cartId: Number(row!.cart_id), quantity: row!.quantity === null ? null : Number(row!.quantity) };
}

export async function addLine(db: Db, visitorId: string, skuId: number, count: number): Promise<void> {
  const { cartId, quantity } = await addWithinStock(db, visitorId, skuId, count);
  if (quantity !== null) return;
  // Refused: say why, from what is stored now (no SKU, off the shelf, sold out, or how many can be).
  const [sku] = await db
    .select({ stock: skus.stock, status: products.status, inCart: cartLines.quantity })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(cartLines, and(eq(cartLines.skuId, skus.id), eq(cartLines.cartId, cartId)))
    .where(eq(skus.id, skuId));
  if (!sku) throw new ShopError('noSku', `There is no SKU ${skuId}.`);
  if (sku.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
  if (sku.stock <= 0) throw new ShopError('cannotAddToCart', 'This item is sold out.');
  const available = Math.min(sku.stock, MAX_LINE_QUANTITY);
  throw new ShopError('cannotAddToCart', `Only ${available} of this item can be in your cart.`, {
    available,
    inCart: sku.inCart ?? 0,
  });
}
