// The visitor's cart as the shopper sees it (spec section 7: GET api/multicurrency/shopping-carts):
// its lines priced by the server in the visitor's currency, with what is no longer available marked.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Cart, CartLine } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { cartLines, productImages, products, skus } from '../../db/schema';
import { toImage } from '../catalog/cards';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import { findCart } from './find-cart';

export async function readCart(db: Db, visitorId: string, locale: string, currency: Currency, base: Currency): Promise<Cart> {
  const money = moneyIn(currency, base);
  const id = await findCart(db, visitorId, false);
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
}
