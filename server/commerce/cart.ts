// A visitor's cart (found by the visitor id): adding SKUs and reading it back priced by the server.
// The client sends ids and quantities only. Stock is checked when adding; it is taken at the order.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Cart, CartLine } from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';
import type { Db } from '../db/connect';
import { cartLines, carts, productImages, products, skus } from '../db/schema';
import { toImage } from './catalog/cards';
import { ShopError } from './errors';
import type { Currency } from './pricing/currency';
import { moneyIn } from './pricing/pricing';

/** Most of one SKU a cart may hold. */
export const MAX_LINE_QUANTITY = 999;

export function createCarts(db: Db) {
  async function cartId(visitorId: string, create: boolean): Promise<number | null> {
    const [found] = await db.select({ id: carts.id }).from(carts).where(eq(carts.visitorId, visitorId));
    if (found || !create) return found?.id ?? null;
    const [created] = await db
      .insert(carts)
      .values({ visitorId })
      .onConflictDoUpdate({ target: carts.visitorId, set: { updatedAt: new Date() } })
      .returning({ id: carts.id });
    return created!.id;
  }

  async function quantity(visitorId: string): Promise<number> {
    const id = await cartId(visitorId, false);
    if (id === null) return 0;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
      .from(cartLines)
      .where(eq(cartLines.cartId, id));
    return Number(row?.n ?? 0);
  }

  return {
    quantity,

    /** Adds `count` of a SKU; refuses what does not exist, is off the shelf or is not in stock. */
    async add(visitorId: string, skuId: number, count: number): Promise<{ quantity: number }> {
      const [sku] = await db
        .select({ id: skus.id, stock: skus.stock, status: products.status })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(skus.id, skuId));
      if (!sku) throw new ShopError('noSku', `There is no SKU ${skuId}.`);
      if (sku.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
      const id = (await cartId(visitorId, true))!;
      const [line] = await db
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.cartId, id), eq(cartLines.skuId, skuId)));
      const wanted = (line?.quantity ?? 0) + count;
      if (sku.stock <= 0) throw new ShopError('cannotAddToCart', 'This item is sold out.');
      if (wanted > sku.stock || wanted > MAX_LINE_QUANTITY) {
        throw new ShopError(
          'cannotAddToCart',
          `Only ${Math.min(sku.stock, MAX_LINE_QUANTITY)} of this item can be in your cart.`,
          {
            available: Math.min(sku.stock, MAX_LINE_QUANTITY),
            inCart: line?.quantity ?? 0,
          },
        );
      }
      await db
        .insert(cartLines)
        .values({ cartId: id, skuId, quantity: count })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.skuId],
          set: { quantity: sql`${cartLines.quantity} + ${count}` },
        });
      await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
      return { quantity: await quantity(visitorId) };
    },

    async get(visitorId: string, locale: string, currency: Currency, base: Currency): Promise<Cart> {
      const money = moneyIn(currency, base);
      const id = await cartId(visitorId, false);
      const empty: Cart = { lines: [], quantity: 0, subtotal: money.money(0) };
      if (id === null) return empty;
      const rows = await db
        .select({ line: cartLines, sku: skus, product: products })
        .from(cartLines)
        .innerJoin(skus, eq(skus.id, cartLines.skuId))
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(cartLines.cartId, id))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
      if (!rows.length) return empty;
      const imageIds = rows.flatMap((r) => (r.sku.imageId ? [r.sku.imageId] : []));
      const images = imageIds.length ? await db.select().from(productImages).where(inArray(productImages.id, imageIds)) : [];
      const lines: CartLine[] = rows.map(({ line, sku, product }) => {
        const unitPrice = money.money(sku.price);
        const image = images.find((i) => i.id === sku.imageId);
        return {
          id: line.id,
          skuId: sku.id,
          productId: product.id,
          handle: product.handle,
          title: localize(product.title, locale),
          options: product.options.map((o) => ({
            name: localize(o.name, locale),
            value: localize(o.values.find((v) => v.code === sku.options[o.code])?.label ?? sku.options[o.code] ?? '', locale),
          })),
          image: image ? toImage(image, locale) : null,
          quantity: line.quantity,
          unitPrice,
          lineTotal: { amount: unitPrice.amount * line.quantity, currencyCode: unitPrice.currencyCode },
          available: product.status === 'active' && sku.stock >= line.quantity,
        };
      });
      return {
        lines,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        subtotal: { amount: lines.reduce((n, l) => n + l.lineTotal.amount, 0), currencyCode: currency.code },
      };
    },
  };
}

export type Carts = ReturnType<typeof createCarts>;
