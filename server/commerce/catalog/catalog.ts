// Catalog reads: product cards, product detail, collections. Texts come back in the asked locale
// (English fallback), money in minor units of the site's currency.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Collection, Image, Product, ProductCard, ProductList } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { collectionProducts, collections, productImages, products, skus } from '../../db/schema';
import { readThrough } from '../cache';
import { codes, notFound, ShopError } from '../errors';
import type { SiteService } from '../site';
import { displayPrice } from './price';

type ImageRow = typeof productImages.$inferSelect;

export interface CardQuery {
  collection?: string;
  handles?: string[];
  limit: number;
  offset: number;
  locale: string;
}

const mediaPath = (file: string) => `/media/${encodeURIComponent(file)}`;

function toImage(row: ImageRow, locale: string): Image {
  return {
    id: row.id,
    src: mediaPath(row.file),
    alt: localize(row.alt, locale),
    width: row.width,
    height: row.height,
    color: row.color,
  };
}

export function createCatalog(db: Db, site: SiteService, ttlMs: number) {
  const cardLists = readThrough<ProductList>({ ttlMs, max: 500 });
  const productCache = readThrough<Product>({ ttlMs, max: 1000 });
  const collectionCache = readThrough<Collection>({ ttlMs, max: 200 });
  const currency = async () => (await site.get()).currency.code;

  async function cardsFor(productIds: number[], locale: string): Promise<Map<number, ProductCard>> {
    if (productIds.length === 0) return new Map();
    const [rows, skuRows, imageRows, currencyCode] = await Promise.all([
      db
        .select({ id: products.id, handle: products.handle, title: products.title })
        .from(products)
        .where(inArray(products.id, productIds)),
      db
        .select({ productId: skus.productId, price: skus.price, compareAtPrice: skus.compareAtPrice, stock: skus.stock })
        .from(skus)
        .where(inArray(skus.productId, productIds)),
      db.select().from(productImages).where(inArray(productImages.productId, productIds)).orderBy(asc(productImages.position)),
      currency(),
    ]);
    const skusOf = new Map<number, typeof skuRows>();
    for (const sku of skuRows) skusOf.set(sku.productId, [...(skusOf.get(sku.productId) ?? []), sku]);
    const firstImage = new Map<number, ImageRow>();
    for (const image of imageRows) if (!firstImage.has(image.productId)) firstImage.set(image.productId, image);
    const cards = new Map<number, ProductCard>();
    for (const row of rows) {
      const priced = displayPrice(skusOf.get(row.id) ?? []);
      if (!priced) continue; // a product without SKUs cannot be sold, so it is not shown
      const image = firstImage.get(row.id);
      cards.set(row.id, {
        id: row.id,
        handle: row.handle,
        title: localize(row.title, locale),
        image: image ? toImage(image, locale) : null,
        price: { amount: priced.price, currencyCode },
        compareAtPrice: priced.compareAtPrice === null ? null : { amount: priced.compareAtPrice, currencyCode },
        available: priced.available,
      });
    }
    return cards;
  }

  async function loadCards(query: CardQuery): Promise<ProductList> {
    const active = eq(products.status, 'active');
    let ids: number[];
    let total: number;
    if (query.handles) {
      const rows = await db
        .select({ id: products.id, handle: products.handle })
        .from(products)
        .where(and(active, inArray(products.handle, query.handles)));
      const byHandle = new Map(rows.map((r) => [r.handle, r.id]));
      const ordered = query.handles.flatMap((h) => (byHandle.has(h) ? [byHandle.get(h)!] : []));
      total = ordered.length;
      ids = ordered.slice(query.offset, query.offset + query.limit);
    } else if (query.collection) {
      const [found] = await db.select({ id: collections.id }).from(collections).where(eq(collections.handle, query.collection));
      if (!found) throw notFound(`There is no collection "${query.collection}".`);
      const inCollection = and(eq(collectionProducts.collectionId, found.id), active);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: products.id })
          .from(collectionProducts)
          .innerJoin(products, eq(products.id, collectionProducts.productId))
          .where(inCollection)
          .orderBy(asc(collectionProducts.position))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ n: count() })
          .from(collectionProducts)
          .innerJoin(products, eq(products.id, collectionProducts.productId))
          .where(inCollection),
      ]);
      ids = rows.map((r) => r.id);
      total = counted?.n ?? 0;
    } else {
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: products.id })
          .from(products)
          .where(active)
          .orderBy(asc(products.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(products).where(active),
      ]);
      ids = rows.map((r) => r.id);
      total = counted?.n ?? 0;
    }
    const cards = await cardsFor(ids, query.locale);
    return { items: ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : [])), total };
  }

  async function loadProduct(handle: string, locale: string): Promise<Product> {
    const [row] = await db.select().from(products).where(eq(products.handle, handle));
    if (!row) throw new ShopError(codes.noProduct, 404, `There is no product "${handle}".`);
    if (row.status !== 'active')
      throw new ShopError(codes.productRemoved, 404, `The product "${handle}" has been removed from the shelf.`);
    const [imageRows, skuRows, currencyCode] = await Promise.all([
      db.select().from(productImages).where(eq(productImages.productId, row.id)).orderBy(asc(productImages.position)),
      db.select().from(skus).where(eq(skus.productId, row.id)).orderBy(asc(skus.id)),
      currency(),
    ]);
    const priced = displayPrice(skuRows);
    if (!priced) throw new ShopError(codes.noSku, 404, `The product "${handle}" has no SKU.`);
    const money = (amount: number) => ({ amount, currencyCode });
    return {
      id: row.id,
      handle: row.handle,
      title: localize(row.title, locale),
      description: localize(row.description, locale),
      vendor: row.vendor,
      productType: row.productType,
      tags: row.tags,
      options: row.options.map((o) => ({
        code: o.code,
        name: localize(o.name, locale),
        values: o.values.map((v) => ({
          code: v.code,
          label: localize(v.label, locale),
          ...(v.swatch ? { swatch: v.swatch } : {}),
        })),
      })),
      images: imageRows.map((i) => toImage(i, locale)),
      skus: skuRows.map((s) => ({
        id: s.id,
        code: s.code,
        options: s.options,
        price: money(s.price),
        compareAtPrice: s.compareAtPrice !== null && s.compareAtPrice > s.price ? money(s.compareAtPrice) : null,
        stock: s.stock,
        available: s.stock > 0,
        imageId: s.imageId,
      })),
      price: money(priced.price),
      compareAtPrice: priced.compareAtPrice === null ? null : money(priced.compareAtPrice),
      available: priced.available,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function loadCollection(handle: string, locale: string): Promise<Collection> {
    const [row] = await db.select().from(collections).where(eq(collections.handle, handle));
    if (!row) throw notFound(`There is no collection "${handle}".`);
    const [counted] = await db
      .select({ n: count() })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(and(eq(collectionProducts.collectionId, row.id), eq(products.status, 'active')));
    return {
      id: row.id,
      handle: row.handle,
      title: localize(row.title, locale),
      description: localize(row.description, locale),
      image: row.image ? { src: mediaPath(row.image.file), alt: '', width: row.image.width, height: row.image.height } : null,
      productCount: counted?.n ?? 0,
    };
  }

  return {
    productCards: (query: CardQuery) => cardLists.get(JSON.stringify(query), () => loadCards(query)),
    product: (handle: string, locale: string) => productCache.get(`${locale}\n${handle}`, () => loadProduct(handle, locale)),
    collection: (handle: string, locale: string) =>
      collectionCache.get(`${locale}\n${handle}`, () => loadCollection(handle, locale)),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
