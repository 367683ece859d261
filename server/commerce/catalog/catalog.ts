// Catalog reads: listings (collection, search, handles; sorted, filtered, paged, with facets), product
// detail, collections, "you may also like", images. Texts come in the asked locale (English fallback),
// prices in the asked currency. Reads go through short read-through caches; conversion is per request.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  Collection,
  CollectionSuggestion,
  Facets,
  PredictiveSearch,
  Product,
  ProductCard,
  ProductImages,
  ProductList,
} from '../../../schemas/generated/api';
import { isHandle } from '../../../schemas/handle';
import { localize } from '../../../schemas/localized-text';
import { queryRows, type Db } from '../../db/connect';
import { collectionProducts, collections, productImages, products, skus } from '../../db/schema';
import type { CacheGroup } from '../cache';
import { isId } from '../ids';
import { notFound, ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { moneyIn, type MoneyIn } from '../pricing/pricing';
import { loadBaseCards, mediaPath, toCard, toImage, type BaseCard } from './cards';
import { displayPrice } from './price';
import { findCollections } from './collection-search';
import { searchTerms } from './search-query';
import { ALL_PRODUCTS, findProducts, productFacets, type BaseFacets, type ProductQuery } from './product-query';
import { inSizeOrder } from './size-order';

export interface ListRequest extends Omit<ProductQuery, 'priceMin' | 'priceMax' | 'now'> {
  /** Price bounds in minor units of `currency`. */
  priceMin?: number;
  priceMax?: number;
  facets: boolean;
  currency: Currency;
  base: Currency;
}

interface BaseProduct extends Omit<Product, 'price' | 'compareAtPrice' | 'discountPercent' | 'skus'> {
  price: number;
  compareAtPrice: number | null;
  skus: (Omit<Product['skus'][number], 'price' | 'compareAtPrice' | 'discountPercent'> & {
    price: number;
    compareAtPrice: number | null;
  })[];
}

export function createCatalog(db: Db, caches: CacheGroup) {
  const listings = caches.readThrough<{ ids: number[]; total: number }>({ max: 2000 });
  const facetCache = caches.readThrough<BaseFacets>({ max: 500 });
  const cardCache = caches.readThrough<Map<number, BaseCard>>({ max: 2000 });
  const productCache = caches.readThrough<BaseProduct>({ max: 1000 });
  const collectionCache = caches.readThrough<Collection>({ max: 200 });
  const suggestedCollections = caches.readThrough<CollectionSuggestion[]>({ max: 2000 });
  /** Product id and status by handle or id: every product page asks several times. */
  const productRefs = caches.readThrough<
    { id: number; status: string; handle: string; productType: string; tags: string[] } | { missing: true }
  >({ max: 5000 });
  const optionNames = caches.readThrough<
    Map<string, { name: Record<string, string>; values: Map<string, { label: Record<string, string>; swatch?: string }> }>
  >({ max: 1 });

  async function cards(ids: number[], locale: string, money: MoneyIn): Promise<ProductCard[]> {
    const base = await cardCache.get(`${locale}:${ids.join(',')}`, () => loadBaseCards(db, ids, locale));
    return ids.flatMap((id) => (base.has(id) ? [toCard(base.get(id)!, money)] : []));
  }

  async function optionCatalog() {
    return optionNames.get('all', async () => {
      const rows = await db.select({ options: products.options }).from(products).where(eq(products.status, 'active'));
      const out = new Map<
        string,
        { name: Record<string, string>; values: Map<string, { label: Record<string, string>; swatch?: string }> }
      >();
      for (const option of rows.flatMap((r) => r.options)) {
        if (!out.has(option.code)) out.set(option.code, { name: option.name, values: new Map() });
        for (const value of option.values)
          if (!out.get(option.code)!.values.has(value.code)) out.get(option.code)!.values.set(value.code, value);
      }
      // Merged from every product in turn: sizes go back into size order (size-order.ts).
      for (const option of out.values()) option.values = new Map(inSizeOrder([...option.values], ([code]) => code));
      return out;
    });
  }

  async function facetsFor(query: ProductQuery, money: MoneyIn, locale: string): Promise<Facets> {
    const { priceMin: _a, priceMax: _b, available: _c, options: _d, limit: _e, offset: _f, sort: _g, now: _h, ...base } = query;
    const raw = await facetCache.get(JSON.stringify(base), () => productFacets(db, query));
    const names = await optionCatalog();
    return {
      price: {
        min: raw.price.min === null ? null : money.money(raw.price.min),
        max: raw.price.max === null ? null : money.money(raw.price.max),
      },
      availability: raw.availability,
      options: [...raw.options.entries()].flatMap(([code, values]) => {
        const known = names.get(code);
        if (!known) return [];
        return [
          {
            code,
            name: localize(known.name, locale),
            values: [...known.values.entries()]
              .filter(([value]) => values.has(value))
              .map(([value, meta]) => ({
                code: value,
                label: localize(meta.label, locale),
                ...(meta.swatch ? { swatch: meta.swatch } : {}),
                count: values.get(value)!,
              })),
          },
        ];
      }),
    };
  }

  async function list(request: ListRequest): Promise<ProductList> {
    const money = moneyIn(request.currency, request.base);
    const { facets, currency: _c, base: _b, ...rest } = request;
    const query: ProductQuery = {
      ...rest,
      priceMin: request.priceMin === undefined ? undefined : money.toBase(request.priceMin, true),
      priceMax: request.priceMax === undefined ? undefined : money.toBase(request.priceMax, false),
      now: new Date(),
    };
    if (query.collection && query.collection !== ALL_PRODUCTS) await collectionRow(query.collection);
    // Bestseller windows move with the clock: the key holds the hour they were computed for.
    const { now, ...keyed } = query;
    const key = JSON.stringify({
      ...keyed,
      hour: query.sort.startsWith('bestseller') ? Math.floor(now.getTime() / 3_600_000) : 0,
    });
    const [found, facetView] = await Promise.all([
      listings.get(key, () => findProducts(db, query)),
      facets ? facetsFor(query, money, request.locale) : undefined,
    ]);
    return {
      items: await cards(found.ids, request.locale, money),
      total: found.total,
      ...(facetView ? { facets: facetView } : {}),
    };
  }

  async function collectionRow(handle: string) {
    if (!isHandle(handle)) throw notFound(`There is no collection "${handle}".`);
    const [row] = await db.select().from(collections).where(eq(collections.handle, handle));
    if (!row) throw notFound(`There is no collection "${handle}".`);
    return row;
  }

  async function loadCollection(handle: string, locale: string): Promise<Collection> {
    if (handle === ALL_PRODUCTS) {
      const [counted] = await db.select({ n: count() }).from(products).where(eq(products.status, 'active'));
      return { id: 0, handle, title: 'All products', description: '', image: null, productCount: counted?.n ?? 0 };
    }
    const row = await collectionRow(handle);
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

  /** A product's id and status by id or handle (cached): 5001 when there is none, 5006 when it is off the shelf. */
  async function productRow(ref: string | number) {
    // A reference that cannot name a product is not looked up (and not kept in the cache).
    if (typeof ref === 'number' ? !isId(ref) : !isHandle(ref)) {
      throw new ShopError('noProduct', `There is no product "${ref}".`);
    }
    const found = await productRefs.get(`${typeof ref}:${ref}`, async () => {
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
      return row ?? { missing: true as const };
    });
    if ('missing' in found) throw new ShopError('noProduct', `There is no product "${ref}".`);
    if (found.status !== 'active')
      throw new ShopError('removedFromShelf', `The product "${found.handle}" has been removed from the shelf.`);
    return found;
  }

  async function loadProduct(handle: string, locale: string): Promise<BaseProduct> {
    const ref = await productRow(handle);
    const [row] = await db.select().from(products).where(eq(products.id, ref.id));
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

  async function loadSames(productId: number, limit: number): Promise<number[]> {
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

  return {
    list,

    async product(handle: string, locale: string, currency: Currency, base: Currency): Promise<Product> {
      const p = await productCache.get(`${locale}\n${handle}`, () => loadProduct(handle, locale));
      const money = moneyIn(currency, base);
      const { price, compareAtPrice, skus: skuList, ...rest } = p;
      return {
        ...rest,
        ...money.priced(price, compareAtPrice),
        skus: skuList.map(({ price: skuPrice, compareAtPrice: skuCompareAt, ...sku }) => ({
          ...sku,
          ...money.priced(skuPrice, skuCompareAt),
        })),
      };
    },

    collection: (handle: string, locale: string) =>
      collectionCache.get(`${locale}\n${handle}`, () => loadCollection(handle, locale)),

    async sames(handle: string, limit: number, locale: string, currency: Currency, base: Currency): Promise<ProductList> {
      const row = await productRow(handle);
      const ids = await listings.get(`sames:${row.id}:${limit}`, async () => {
        const found = await loadSames(row.id, limit);
        return { ids: found, total: found.length };
      });
      const items = await cards(ids.ids, locale, moneyIn(currency, base));
      return { items, total: items.length };
    },

    /** GET /api/products/{x}/getProductImages: x is a product id or handle. */
    async images(ref: string, locale: string): Promise<ProductImages> {
      const row = await productRow(/^\d+$/.test(ref) ? Number(ref) : ref);
      const imageRows = await db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, row.id))
        .orderBy(asc(productImages.position));
      return { productId: row.id, images: imageRows.map((i) => toImage(i, locale)) };
    },

    /** Resolves a product reference of a query (id or handle) to its id: 5001/5006 as for the product itself. */
    async productId(ref: { productId?: number; handle?: string }): Promise<number> {
      if (ref.productId === undefined && ref.handle === undefined) {
        throw new ShopError('badRequest', 'Name the product: productId or handle.', {
          errors: [{ path: '/productId', message: 'is required (or handle)' }],
        });
      }
      return (await productRow(ref.productId ?? ref.handle!)).id;
    },

    /** Product cards by id, in the given order (for bundles and promotions). */
    cards: (ids: number[], locale: string, currency: Currency, base: Currency) => cards(ids, locale, moneyIn(currency, base)),

    /** The search box's suggestions: the best products (as the results page ranks them) and collections. */
    async predictive(q: string, limit: number, locale: string, currency: Currency, base: Currency): Promise<PredictiveSearch> {
      const terms = searchTerms(q);
      const [found, matchingCollections] = await Promise.all([
        list({ search: q, sort: 'default', options: {}, limit, offset: 0, facets: false, locale, currency, base }),
        suggestedCollections.get(`${locale}:${terms.join(' ')}`, () => findCollections(db, terms, locale, 4)),
      ]);
      return { products: found.items, collections: matchingCollections, total: found.total };
    },

    /** Every collection and every product on sale, by handle, for the sitemap. */
    async addresses(): Promise<{ collections: string[]; products: { handle: string; createdAt: Date }[] }> {
      const [collectionRows, productRows] = await Promise.all([
        db.select({ handle: collections.handle }).from(collections),
        db.select({ handle: products.handle, createdAt: products.createdAt }).from(products).where(eq(products.status, 'active')),
      ]);
      return { collections: collectionRows.map((r) => r.handle), products: productRows };
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
