// A product's page data as kept (prices in the base currency, texts in one locale), its reference (id
// and status by id or handle) and the products most like it. catalog.ts caches them and prices them.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Product } from '../../../schemas/generated/api';
import { isHandle } from '../../../schemas/handle';
import { localize } from '../../../schemas/localized-text';
import { queryRows, type Db } from '../../db/connect';
import { productImages, products, skus } from '../../db/catalog-schema';
import { ShopError } from '../errors';
import { isId } from '../ids';
import { toImage } from './cards';
import { displayPrice } from './price';

export interface BaseProduct extends Omit<Product, 'price' | 'compareAtPrice' | 'discountPercent' | 'skus'> {
  price: number;
  compareAtPrice: number | null;
  skus: (Omit<Product['skus'][number], 'price' | 'compareAtPrice' | 'discountPercent'> & {
    price: number;
    compareAtPrice: number | null;
  })[];
}

/** A product's id, status and what "you may also like" compares, by id or handle. */
export interface ProductRef {
  id: number;
  status: string;
  handle: string;
  productType: string;
  tags: string[];
}

/** Whether `ref` can name a product at all (one that cannot is not looked up, nor cached). */
export const isProductRef = (ref: string | number) => (typeof ref === 'number' ? isId(ref) : isHandle(ref));

/** The product `ref` names, or undefined. */
export async function findProductRef(db: Db, ref: string | number): Promise<ProductRef | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      status: products.status,
      handle: products.handle,
      productType: products.productType,
      tags: products.tags,
    })
    .from(products)
    .where(typeof ref === 'number' ? eq(products.id, ref) : eq(products.handle, ref));
  return row;
}

/** The product found for `ref`: 5001 when there is none, 5006 when it is off the shelf. */
export function onTheShelf(found: ProductRef | undefined, ref: string | number): ProductRef {
  if (!found) throw new ShopError('noProduct', `There is no product "${ref}".`);
  if (found.status !== 'active')
    throw new ShopError('removedFromShelf', `The product "${found.handle}" has been removed from the shelf.`);
  return found;
}

export async function loadProduct(db: Db, ref: ProductRef, handle: string, locale: string): Promise<BaseProduct> {
  // Every column but the search text, which the page never shows and is the biggest part of the row.
  const { search: _search, ...columns } = getTableColumns(products);
  const [row] = await db.select(columns).from(products).where(eq(products.id, ref.id));
  if (!row) throw new ShopError('noProduct', `There is no product "${handle}".`);
  const [imageRows, skuRows] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, row.id)).orderBy(asc(productImages.position)),
    db.select().from(skus).where(eq(skus.productId, row.id)).orderBy(asc(skus.id)),
  ]);
  const priced = displayPrice(skuRows);
  if (!priced) throw new ShopError('noSku', `The product "${handle}" has no SKU.`);
  const { skuId: _sku, ...productPrice } = priced;
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
      price: s.price,
      compareAtPrice: s.compareAtPrice,
      stock: s.stock,
      available: s.stock > 0,
      imageId: s.imageId,
    })),
    ...productPrice,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function loadSames(db: Db, productId: number, limit: number): Promise<number[]> {
  // Products most alike: same type, shared collections and shared tags, in stock first.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with me as (select id, product_type, tags from products where id = ${productId})
    select p.id from products p, me
    where p.status = 'active' and p.id <> me.id
    order by (
        (case when p.product_type = me.product_type then 3 else 0 end)
        + 2 * (select count(*) from collection_products a join collection_products b on a.collection_id = b.collection_id
               where a.product_id = p.id and b.product_id = me.id)
        + cardinality(array(select unnest(p.tags) intersect select unnest(me.tags)))
      ) desc,
      (select bool_or(s.stock > 0) from skus s where s.product_id = p.id) desc nulls last,
      p.id
    limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}
