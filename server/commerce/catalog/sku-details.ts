// What a shopper sees of some SKUs in a checkout, an order or a mail: the product's title and handle, the
// option values in words, and the SKU's image (else the product's first) — read in one statement.
import { sql, type SQL } from 'drizzle-orm';
import type { CartLineOption, Image } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { preparedStatement } from '../../db/prepared-statement';
import { productImages, products, skus, type ProductOption } from '../../db/catalog-schema';
import { toImage } from './cards';

export interface SkuDetails {
  skuId: number;
  productId: number;
  code: string;
  /** Minor units of the base currency. */
  basePrice: number;
  /** Grams of one unit. */
  weight: number;
  /** Units on the shelf when read. */
  stock: number;
  /** Whether the product is on sale (archived: removed from the shelf). */
  status: 'active' | 'archived';
  handle: string;
  title: string;
  options: CartLineOption[];
  image: Image | null;
  /** The image's file (under /media), kept with an order. */
  imageFile: string | null;
}

/** A SKU's option values in words, e.g. Colour: Sand, Size: M. */
export function optionValues(options: ProductOption[], chosen: Record<string, string>, locale: string): CartLineOption[] {
  return options.map((o) => ({
    name: localize(o.name, locale),
    value: localize(o.values.find((v) => v.code === chosen[o.code])?.label ?? chosen[o.code] ?? '', locale),
  }));
}

/**
 * What a line (of a cart, a checkout, an order) shows of its product. A product's description and search
 * text are most of its row (every language's): a line never reads them.
 */
export const lineProductColumns = {
  id: products.id,
  status: products.status,
  handle: products.handle,
  title: products.title,
  options: products.options,
};

/**
 * The SKUs with their product and image: read for every line of every checkout page, cart popup and order
 * (by id), and for the cart's gift choices (by code).
 */
function detailsQuery(db: Db, where: SQL) {
  const firstImage = sql<
    number | null
  >`coalesce(${skus.imageId}, (select pi.id from product_images pi where pi.product_id = ${products.id} order by pi.position limit 1))`;
  return db
    .select({
      sku: { id: skus.id, code: skus.code, price: skus.price, weight: skus.weight, options: skus.options, stock: skus.stock },
      product: lineProductColumns,
      image: productImages,
    })
    .from(skus)
    .innerJoin(products, sql`${products.id} = ${skus.productId}`)
    .leftJoin(productImages, sql`${productImages.id} = ${firstImage}`)
    .where(where);
}
const detailsOf = preparedStatement((db) =>
  detailsQuery(db, sql`${skus.id} = any(${sql.placeholder('ids')}::int[])`).prepare('sku_details'),
);
const detailsByCode = preparedStatement((db) =>
  detailsQuery(db, sql`${skus.code} = any(${sql.placeholder('codes')}::text[])`).prepare('sku_details_by_code'),
);
type DetailsRow = Awaited<ReturnType<ReturnType<typeof detailsOf>['execute']>>[number];

const toDetails = ({ sku, product, image }: DetailsRow, locale: string): SkuDetails => ({
  skuId: sku.id,
  productId: product.id,
  code: sku.code,
  basePrice: sku.price,
  weight: sku.weight,
  stock: sku.stock,
  status: product.status,
  handle: product.handle,
  title: localize(product.title, locale),
  options: optionValues(product.options, sku.options, locale),
  image: image ? toImage(image, locale) : null,
  imageFile: image?.file ?? null,
});

export async function skuDetails(db: Db, skuIds: number[], locale: string): Promise<Map<number, SkuDetails>> {
  if (!skuIds.length) return new Map();
  const rows = await detailsOf(db).execute({ ids: [...new Set(skuIds)] });
  return new Map(rows.map((row) => [row.sku.id, toDetails(row, locale)]));
}

/** The same, found by SKU code (codes that name no SKU are left out). */
export async function skuDetailsByCode(db: Db, codes: string[], locale: string): Promise<Map<string, SkuDetails>> {
  if (!codes.length) return new Map();
  const rows = await detailsByCode(db).execute({ codes: [...new Set(codes)] });
  return new Map(rows.map((row) => [row.sku.code, toDetails(row, locale)]));
}

/** Option values in one line, e.g. "Sand / M". */
export const variantText = (options: CartLineOption[]) => options.map((o) => o.value).join(' / ');

/** The rows pricing reads (server/commerce/cart/price-items.ts), from details already read. */
export const priceRowsOf = (details: Map<number, SkuDetails>) =>
  [...details.values()].map((d) => ({ id: d.skuId, price: d.basePrice, productId: d.productId, status: d.status }));
