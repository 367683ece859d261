// Product cards in base-currency amounts, built from product ids (one query per table for a whole
// listing), and their conversion to a visitor's currency.
import { asc, inArray } from 'drizzle-orm';
import type { Image, ProductCard } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { productImages, products, skus } from '../../db/catalog-schema';
import type { MoneyIn } from '../pricing/pricing';
import { displayPrice } from './price';

type ImageRow = typeof productImages.$inferSelect;

export interface BaseCard {
  id: number;
  handle: string;
  title: string;
  image: Image | null;
  price: number;
  compareAtPrice: number | null;
  available: boolean;
  skuId: number | null;
}

export const mediaPath = (file: string) => `/media/${encodeURIComponent(file)}`;

export function toImage(row: ImageRow, locale: string): Image {
  return {
    id: row.id,
    src: mediaPath(row.file),
    alt: localize(row.alt, locale),
    width: row.width,
    height: row.height,
    color: row.color,
  };
}

export async function loadBaseCards(db: Db, productIds: number[], locale: string): Promise<Map<number, BaseCard>> {
  if (productIds.length === 0) return new Map();
  const [rows, skuRows, imageRows] = await Promise.all([
    db
      .select({ id: products.id, handle: products.handle, title: products.title })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({
        id: skus.id,
        productId: skus.productId,
        price: skus.price,
        compareAtPrice: skus.compareAtPrice,
        stock: skus.stock,
      })
      .from(skus)
      .where(inArray(skus.productId, productIds)),
    db.select().from(productImages).where(inArray(productImages.productId, productIds)).orderBy(asc(productImages.position)),
  ]);
  const skusOf = new Map<number, typeof skuRows>();
  for (const sku of skuRows) skusOf.set(sku.productId, [...(skusOf.get(sku.productId) ?? []), sku]);
  const firstImage = new Map<number, ImageRow>();
  for (const image of imageRows) if (!firstImage.has(image.productId)) firstImage.set(image.productId, image);
  const cards = new Map<number, BaseCard>();
  for (const row of rows) {
    const priced = displayPrice(skusOf.get(row.id) ?? []);
    if (!priced) continue; // a product without SKUs cannot be sold, so it is not shown
    const image = firstImage.get(row.id);
    cards.set(row.id, {
      id: row.id,
      handle: row.handle,
      title: localize(row.title, locale),
      image: image ? toImage(image, locale) : null,
      ...priced,
    });
  }
  return cards;
}

export function toCard(card: BaseCard, money: MoneyIn): ProductCard {
  const { price, compareAtPrice, ...rest } = card;
  return { ...rest, ...money.priced(price, compareAtPrice) };
}
