// Catalog reads: listings (collection, search, handles; sorted, filtered, paged, with facets), product
// detail, collections, "you may also like", images. Texts come in the asked locale (English fallback),
// prices in the asked currency. Reads go through short read-through caches; conversion is per request.
import { asc, eq } from 'drizzle-orm';
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
import type { Db } from '../../db/connect';
import { collections, productImages, products } from '../../db/catalog-schema';
import type { CacheGroup } from '../cache';
import { ShopError } from '../errors';
import type { Shopper } from '../shopper';
import { moneyIn, type MoneyIn } from '../pricing/pricing';
import { loadBaseCards, toCard, toImage, type BaseCard } from './cards';
import { collectionRow, loadCollection } from './collection-detail';
import { findCollections } from './collection-search';
import { facetsView, loadOptionCatalog, type OptionCatalog } from './facets';
import {
  findProductRef,
  isProductRef,
  loadProduct,
  loadSames,
  onTheShelf,
  type BaseProduct,
  type ProductRef,
} from './product-detail';
import { ALL_PRODUCTS, findProducts, productFacets, type BaseFacets, type ProductQuery } from './product-query';
import { searchTerms } from './search-query';

export interface ListRequest extends Omit<ProductQuery, 'priceMin' | 'priceMax' | 'now' | 'locale'> {
  /** Price bounds in minor units of `currency`. */
  priceMin?: number;
  priceMax?: number;
  facets: boolean;
  shopper: Shopper;
}

export function createCatalog(db: Db, caches: CacheGroup) {
  const listings = caches.readThrough<{ ids: number[]; total: number }>({ max: 2000 });
  const facetCache = caches.readThrough<BaseFacets>({ max: 500 });
  const cardCache = caches.readThrough<Map<number, BaseCard>>({ max: 2000 });
  const productCache = caches.readThrough<BaseProduct>({ max: 1000 });
  const collectionCache = caches.readThrough<Collection>({ max: 200 });
  const suggestedCollections = caches.readThrough<CollectionSuggestion[]>({ max: 2000 });
  /** Product id and status by handle or id: every product page asks several times. */
  const productRefs = caches.readThrough<ProductRef | { missing: true }>({ max: 5000 });
  const optionNames = caches.readThrough<OptionCatalog>({ max: 1 });

  async function cards(ids: number[], locale: string, money: MoneyIn): Promise<ProductCard[]> {
    const base = await cardCache.get(`${locale}:${ids.join(',')}`, () => loadBaseCards(db, ids, locale));
    return ids.flatMap((id) => (base.has(id) ? [toCard(base.get(id)!, money)] : []));
  }

  const optionCatalog = () => optionNames.get('all', () => loadOptionCatalog(db));

  async function facetsFor(query: ProductQuery, money: MoneyIn, locale: string): Promise<Facets> {
    const { priceMin: _a, priceMax: _b, available: _c, options: _d, limit: _e, offset: _f, sort: _g, now: _h, ...base } = query;
    const raw = await facetCache.get(JSON.stringify(base), () => productFacets(db, query));
    return facetsView(raw, await optionCatalog(), money, locale);
  }

  async function list(request: ListRequest): Promise<ProductList> {
    const { facets, shopper, ...rest } = request;
    const money = moneyIn(shopper.currency, shopper.baseCurrency);
    const query: ProductQuery = {
      ...rest,
      locale: shopper.locale,
      priceMin: request.priceMin === undefined ? undefined : money.toBase(request.priceMin, true),
      priceMax: request.priceMax === undefined ? undefined : money.toBase(request.priceMax, false),
      now: new Date(),
    };
    if (query.collection && query.collection !== ALL_PRODUCTS) await collectionRow(db, query.collection);
    // Bestseller windows move with the clock: the key holds the hour they were computed for.
    const { now, ...keyed } = query;
    const key = JSON.stringify({
      ...keyed,
      hour: query.sort.startsWith('bestseller') ? Math.floor(now.getTime() / 3_600_000) : 0,
    });
    const [found, facetView] = await Promise.all([
      listings.get(key, () => findProducts(db, query)),
      facets ? facetsFor(query, money, shopper.locale) : undefined,
    ]);
    return {
      items: await cards(found.ids, shopper.locale, money),
      total: found.total,
      ...(facetView ? { facets: facetView } : {}),
    };
  }

  /** A product's reference by id or handle (cached): 5001 when there is none, 5006 when it is off the shelf. */
  async function productRow(ref: string | number): Promise<ProductRef> {
    if (!isProductRef(ref)) throw new ShopError('noProduct', `There is no product "${ref}".`);
    const found = await productRefs.get(
      `${typeof ref}:${ref}`,
      async () => (await findProductRef(db, ref)) ?? { missing: true as const },
    );
    return onTheShelf('missing' in found ? undefined : found, ref);
  }

  return {
    list,

    async product(handle: string, { locale, currency, baseCurrency }: Shopper): Promise<Product> {
      const p = await productCache.get(`${locale}\n${handle}`, async () =>
        loadProduct(db, await productRow(handle), handle, locale),
      );
      const money = moneyIn(currency, baseCurrency);
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
      collectionCache.get(`${locale}\n${handle}`, () => loadCollection(db, handle, locale)),

    async sames(handle: string, limit: number, { locale, currency, baseCurrency }: Shopper): Promise<ProductList> {
      const row = await productRow(handle);
      const ids = await listings.get(`sames:${row.id}:${limit}`, async () => {
        const found = await loadSames(db, row.id, limit);
        return { ids: found, total: found.length };
      });
      const items = await cards(ids.ids, locale, moneyIn(currency, baseCurrency));
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
    cards: (ids: number[], { locale, currency, baseCurrency }: Shopper) => cards(ids, locale, moneyIn(currency, baseCurrency)),

    /** The search box's suggestions: the best products (as the results page ranks them) and collections. */
    async predictive(q: string, limit: number, shopper: Shopper): Promise<PredictiveSearch> {
      const { locale } = shopper;
      const terms = searchTerms(q);
      const [found, matchingCollections] = await Promise.all([
        list({ search: q, sort: 'default', options: {}, limit, offset: 0, facets: false, shopper }),
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
