// Which products a listing shows, in which order: collection or search or handles, filters (price,
// option values, availability) and the sort orders of spec section 2, all computed in SQL on real data
// (bestsellers from order lines). Returns ids and the total; cards are built from the ids.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { searchTerms, searchTsquery } from './search-query';
import { readerDocument } from '../../db/text-search';

export const PRODUCT_SORTS = [
  'default',
  'bestseller',
  'bestseller-7d',
  'bestseller-today',
  'title-asc',
  'title-desc',
  'price-asc',
  'price-desc',
  'created-asc',
  'created-desc',
  'rating-desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  /** A collection handle; `all` is every product on sale. */
  collection?: string;
  handles?: string[];
  /** Search words. */
  search?: string;
  sort: ProductSort;
  /** Price bounds in minor units of the base currency. */
  priceMin?: number;
  priceMax?: number;
  available?: boolean;
  /** Option code -> accepted value codes (any of them). */
  options: Record<string, string[]>;
  limit: number;
  offset: number;
  locale: string;
  /** The clock of "today" and "the last 7 days". */
  now: Date;
}

export const ALL_PRODUCTS = 'all';

/** What a shopper of `locale` reads of a product (server/db/text-search.ts): titles (A), descriptions (C). */
const productReaderDocument = (locale: string) =>
  readerDocument(locale, [
    { column: 'p.title', weight: 'A' },
    { column: 'p.description', weight: 'C' },
  ]);

/** The products a listing starts from, before filters: ids, with what sorting and filtering need. */
function baseSet(q: ProductQuery): SQL {
  const conditions: SQL[] = [sql`p.status = 'active'`];
  if (q.collection && q.collection !== ALL_PRODUCTS) {
    conditions.push(sql`cp.collection_id = (select id from collections where handle = ${q.collection})`);
  }
  if (q.handles) conditions.push(sql`p.handle = any(${sql.param(q.handles)}::text[])`);
  const terms = q.search !== undefined ? searchTerms(q.search) : [];
  const tsquery = q.search !== undefined ? searchTsquery(terms, q.locale) : null;
  const whole = q.search !== undefined ? searchTsquery(terms, q.locale, { prefix: false }) : null;
  // Whole words match in any language (the stored document, indexed). A word being typed matches as a
  // prefix only in what the shopper reads, their language and English: "mugs" typed in English must not
  // find a backpack whose Latvian name starts with "mug".
  const read = tsquery ? sql`(${productReaderDocument(q.locale)} || setweight(array_to_tsvector(p.tags), 'B'))` : null;
  if (q.search !== undefined)
    conditions.push(
      tsquery && whole && read
        ? sql`p.search @@ (${tsquery}) and (p.search @@ (${whole}) or ${read} @@ (${tsquery}))`
        : sql`false`,
    );
  const joinCollection = q.collection && q.collection !== ALL_PRODUCTS;
  return sql`
    select p.id, p.handle, p.created_at,
      lower(coalesce(p.title->>${q.locale}, p.title->>'en')) as title_key,
      ${joinCollection ? sql`cp.position` : sql`p.id`} as position,
      ${tsquery && read ? sql`ts_rank(${read}, ${tsquery}) + ts_rank(p.search, ${tsquery}) / 10` : sql`0`} as rank,
      (select coalesce(min(s.price) filter (where s.stock > 0), min(s.price)) from skus s where s.product_id = p.id) as price,
      (select bool_or(s.stock > 0) from skus s where s.product_id = p.id) as available
    from products p
    ${joinCollection ? sql`join collection_products cp on cp.product_id = p.id` : sql``}
    where ${sql.join(conditions, sql` and `)}`;
}

function filters(q: ProductQuery): SQL[] {
  const out: SQL[] = [sql`b.price is not null`];
  if (q.priceMin !== undefined) out.push(sql`b.price >= ${q.priceMin}`);
  if (q.priceMax !== undefined) out.push(sql`b.price <= ${q.priceMax}`);
  if (q.available !== undefined) out.push(q.available ? sql`b.available` : sql`not b.available`);
  for (const [code, values] of Object.entries(q.options)) {
    if (!values.length) continue;
    out.push(
      sql`exists (select 1 from skus s where s.product_id = b.id and s.options->>${code} = any(${sql.param(values)}::text[]))`,
    );
  }
  return out;
}

const DAY = 86_400_000;

function sold(since: Date | null): SQL {
  return sql`(select coalesce(sum(ol.quantity), 0) from order_lines ol join orders o on o.id = ol.order_id
    where ol.product_id = b.id and o.status = 'paid' ${since ? sql`and o.created_at >= ${since.toISOString()}` : sql``})`;
}

function orderBy(q: ProductQuery): SQL {
  const startOfToday = new Date(Date.UTC(q.now.getUTCFullYear(), q.now.getUTCMonth(), q.now.getUTCDate()));
  const defaultOrder = q.handles
    ? sql`array_position(${sql.param(q.handles)}::text[], b.handle)`
    : q.search !== undefined
      ? sql`b.rank desc, b.position`
      : sql`b.position`;
  // Ties fall back to the default order, so a listing never shuffles between pages.
  switch (q.sort) {
    case 'default':
      return sql`${defaultOrder}, b.id`;
    case 'bestseller':
      return sql`${sold(null)} desc, ${defaultOrder}, b.id`;
    case 'bestseller-7d':
      return sql`${sold(new Date(q.now.getTime() - 7 * DAY))} desc, ${defaultOrder}, b.id`;
    case 'bestseller-today':
      return sql`${sold(startOfToday)} desc, ${defaultOrder}, b.id`;
    case 'title-asc':
      return sql`b.title_key asc, b.id`;
    case 'title-desc':
      return sql`b.title_key desc, b.id`;
    case 'price-asc':
      return sql`b.price asc, ${defaultOrder}, b.id`;
    case 'price-desc':
      return sql`b.price desc, ${defaultOrder}, b.id`;
    case 'created-asc':
      return sql`b.created_at asc, b.id`;
    case 'created-desc':
      return sql`b.created_at desc, b.id desc`;
    case 'rating-desc':
      return sql`(select coalesce(avg(r.rating), 0) from product_reviews r where r.product_id = b.id) desc,
        (select count(*) from product_reviews r where r.product_id = b.id) desc, ${defaultOrder}, b.id`;
  }
}

export async function findProducts(db: Db, q: ProductQuery): Promise<{ ids: number[]; total: number }> {
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`
    with b as (${baseSet(q)})
    select b.id, count(*) over () as total from b
    where ${sql.join(filters(q), sql` and `)}
    order by ${orderBy(q)}
    limit ${q.limit} offset ${q.offset}`,
  );
  if (rows.length === 0 && q.offset > 0) {
    // Past the end: the total still tells how many there are.
    const counted = await queryRows<{ total: number }>(
      db,
      sql`
      with b as (${baseSet(q)}) select count(*) as total from b where ${sql.join(filters(q), sql` and `)}`,
    );
    return { ids: [], total: Number(counted[0]?.total ?? 0) };
  }
  return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0]?.total ?? 0) };
}

export interface BaseFacets {
  price: { min: number | null; max: number | null };
  availability: { available: number; soldOut: number };
  /** Option code -> value code -> number of products having a SKU with it. */
  options: Map<string, Map<string, number>>;
}

/** Counts of filter values among the products of the listing before filtering. */
export async function productFacets(db: Db, q: ProductQuery): Promise<BaseFacets> {
  const [summary, options] = await Promise.all([
    queryRows<{ min: number | null; max: number | null; available: number; sold_out: number }>(
      db,
      sql`
      with b as (${baseSet(q)})
      select min(price) as min, max(price) as max,
        count(*) filter (where available) as available, count(*) filter (where not available) as sold_out
      from b where price is not null`,
    ),
    queryRows<{ code: string; value: string; products: number }>(
      db,
      sql`
      with b as (${baseSet(q)})
      select o.key as code, o.value as value, count(distinct s.product_id) as products
      from b join skus s on s.product_id = b.id, jsonb_each_text(s.options) o
      group by o.key, o.value`,
    ),
  ]);
  const row = summary[0];
  const byOption = new Map<string, Map<string, number>>();
  for (const r of options) {
    if (!byOption.has(r.code)) byOption.set(r.code, new Map());
    byOption.get(r.code)!.set(r.value, Number(r.products));
  }
  return {
    price: { min: row?.min == null ? null : Number(row.min), max: row?.max == null ? null : Number(row.max) },
    availability: { available: Number(row?.available ?? 0), soldOut: Number(row?.sold_out ?? 0) },
    options: byOption,
  };
}
