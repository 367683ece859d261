// A collection's row (404 when there is none) and its header as a page shows it, with its count of
// products on sale (`all`: every product on sale). catalog.ts caches it.
import { and, count, eq } from 'drizzle-orm';
import type { Collection } from '../../../schemas/generated/api';
import { isHandle } from '../../../schemas/handle';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { collectionProducts, collections, products } from '../../db/catalog-schema';
import { notFound } from '../errors';
import { mediaPath } from './cards';
import { ALL_PRODUCTS } from './product-query';

export async function collectionRow(db: Db, handle: string) {
  if (!isHandle(handle)) throw notFound(`There is no collection "${handle}".`);
  const [row] = await db.select().from(collections).where(eq(collections.handle, handle));
  if (!row) throw notFound(`There is no collection "${handle}".`);
  return row;
}

export async function loadCollection(db: Db, handle: string, locale: string): Promise<Collection> {
  if (handle === ALL_PRODUCTS) {
    const [counted] = await db.select({ n: count() }).from(products).where(eq(products.status, 'active'));
    return { id: 0, handle, title: 'All products', description: '', image: null, productCount: counted?.n ?? 0 };
  }
  const row = await collectionRow(db, handle);
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
