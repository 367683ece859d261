// Product calls of spec section 7: listings (collection, search, handles) with sorts, filters and
// facets; the search box's suggestions; product detail; "you may also like"; bestsellers; images; reviews; promotions.
import { Hono, type Context } from 'hono';
import type {
  ActivePromotionsQuery,
  PredictiveSearch,
  PredictiveSearchQuery,
  ProductListQuery,
  ReviewQuery,
  ReviewStatisticsQuery,
  SamesQuery,
  SinglePromotionRequest,
} from '../../schemas/generated/api';
import type { Commerce } from '../commerce';
import type { ProductSort } from '../commerce/catalog/product-query';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

const splitList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

type ListQuery = ProductListQuery & Record<`option.${string}`, string | undefined>;

/** Spec: tradeProductDay/latest/{sortColumn}: the bestseller window to rank by. */
const TRADE_WINDOWS: Record<string, ProductSort> = { total: 'bestseller', week: 'bestseller-7d', today: 'bestseller-today' };

/** A listing of a ProductListQuery (checked by the route's validate middleware). */
function listing(c: Context, commerce: Commerce, extra: { search?: string; sort?: ProductSort } = {}) {
  const q = valid<ListQuery>(c, 'query');
  const collections = splitList(q.categoryHandles);
  if (collections && collections.length > 1) {
    throw badRequest('The query is not valid: /categoryHandles takes one collection handle', {
      errors: [{ path: '/categoryHandles', message: 'takes one collection handle' }],
    });
  }
  const options: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(q)) {
    if (key.startsWith('option.') && typeof value === 'string') options[key.slice('option.'.length)] = splitList(value) ?? [];
  }
  return commerce.catalog.list({
    collection: collections?.[0],
    handles: splitList(q.handles),
    search: extra.search ?? q.q,
    sort: extra.sort ?? q.sort ?? 'default',
    priceMin: q.priceMin,
    priceMax: q.priceMax,
    available: q.available === undefined ? undefined : q.available === 'true',
    options,
    limit: q.limit ?? 24,
    offset: q.offset ?? 0,
    facets: q.facets ?? false,
    shopper: c.get('shopper'),
  });
}

export function productRoutes({ commerce }: ApiDeps) {
  const { catalog } = commerce;
  const product = (c: Context) => catalog.product(c.req.param('handle')!, c.get('shopper'));
  const listQuery = validate('query', 'ProductListQuery');
  return new Hono()
    .get(
      '/products',
      describeRoute({
        summary: 'Products of a collection, sorted, filtered, paged',
        tag: 'Products',
        response: 'ProductList',
        caller: 'anyone',
      }),
      listQuery,
      async (c) => ok(c, await listing(c, commerce)),
    )
    .get(
      '/multicurrency/products',
      describeRoute({ summary: 'The same, in the asked currency', tag: 'Products', response: 'ProductList', caller: 'anyone' }),
      listQuery,
      async (c) => ok(c, await listing(c, commerce)),
    )
    .get(
      '/multicurrency/products/keySearch',
      describeRoute({ summary: 'Search (q required)', tag: 'Products', response: 'ProductList', caller: 'anyone' }),
      listQuery,
      async (c) => {
        if (!valid<ListQuery>(c, 'query').q?.trim()) {
          throw badRequest('The query is not valid: /q is required (the words to search for)', {
            errors: [{ path: '/q', message: 'is required (the words to search for)' }],
          });
        }
        return ok(c, await listing(c, commerce));
      },
    )
    .get(
      '/multicurrency/search/predictive',
      describeRoute({
        summary: 'Suggestions as the shopper types: products and collections (the last word is a prefix)',
        tag: 'Products',
        response: 'PredictiveSearch',
        caller: 'anyone',
      }),
      validate('query', 'PredictiveSearchQuery'),
      async (c) => {
        const { q, limit = 6 } = valid<PredictiveSearchQuery>(c, 'query');
        return ok<PredictiveSearch>(c, await catalog.predictive(q, limit, c.get('shopper')));
      },
    )
    .get(
      '/multicurrency/products/tradeProductDay/latest/:sortColumn',
      describeRoute({
        summary: 'Bestsellers: sortColumn total, week or today',
        tag: 'Products',
        response: 'ProductList',
        caller: 'anyone',
      }),
      listQuery,
      async (c) => {
        const column = c.req.param('sortColumn');
        const sort = Object.hasOwn(TRADE_WINDOWS, column) ? TRADE_WINDOWS[column] : undefined;
        if (!sort) {
          throw badRequest(`The sort column must be one of ${Object.keys(TRADE_WINDOWS).join(', ')}.`, {
            errors: [{ path: '/sortColumn', message: `must be one of: ${Object.keys(TRADE_WINDOWS).join(', ')}` }],
          });
        }
        return ok(c, await listing(c, commerce, { sort }));
      },
    )
    .get(
      '/products/handles/simpleInfo',
      describeRoute({
        summary: 'Product cards by handles, in their order',
        tag: 'Products',
        response: 'ProductList',
        caller: 'anyone',
      }),
      listQuery,
      async (c) => ok(c, await listing(c, commerce)),
    )
    .get(
      '/products/:handle',
      describeRoute({
        summary: 'A product (5001: none; 5006: removed from shelf)',
        tag: 'Products',
        response: 'Product',
        caller: 'anyone',
      }),
      async (c) => ok(c, await product(c)),
    )
    .get(
      '/multicurrency/products/handle/:handle',
      describeRoute({ summary: 'A product in the asked currency', tag: 'Products', response: 'Product', caller: 'anyone' }),
      async (c) => ok(c, await product(c)),
    )
    .get(
      '/multicurrency/products/handle/:handle/sames',
      describeRoute({ summary: 'You may also like', tag: 'Products', response: 'ProductList', caller: 'anyone' }),
      validate('query', 'SamesQuery'),
      async (c) => {
        const { limit = 8 } = valid<SamesQuery>(c, 'query');
        return ok(c, await catalog.sames(c.req.param('handle'), limit, c.get('shopper')));
      },
    )
    .get(
      '/products/:x/getProductImages',
      describeRoute({
        summary: 'Images of a product (id or handle)',
        tag: 'Products',
        response: 'ProductImages',
        caller: 'anyone',
      }),
      async (c) => ok(c, await catalog.images(c.req.param('x'), c.get('shopper').locale)),
    )
    .get(
      '/product-categories/handle/:handle',
      describeRoute({ summary: 'A collection', tag: 'Products', response: 'Collection', caller: 'anyone' }),
      async (c) => ok(c, await catalog.collection(c.req.param('handle'), c.get('shopper').locale)),
    )
    .get(
      '/product-comments',
      describeRoute({ summary: 'Reviews of a product', tag: 'Products', response: 'ReviewList', caller: 'anyone' }),
      validate('query', 'ReviewQuery'),
      async (c) => {
        const q = valid<ReviewQuery>(c, 'query');
        const id = await catalog.productId(q);
        return ok(c, await commerce.reviews.list(id, q.sort ?? 'featured', q.limit ?? 5, q.offset ?? 0));
      },
    )
    .get(
      '/product-comments/statistics',
      describeRoute({ summary: 'Review count and stars', tag: 'Products', response: 'ReviewStatistics', caller: 'anyone' }),
      validate('query', 'ReviewStatisticsQuery'),
      async (c) => {
        const q = valid<ReviewStatisticsQuery>(c, 'query');
        return ok(c, await commerce.reviews.statistics(await catalog.productId(q)));
      },
    )
    .get(
      '/multicurrency/promotions/promotion/active',
      describeRoute({ summary: 'Active promotions (of a product)', tag: 'Products', response: 'Promotion[]', caller: 'anyone' }),
      validate('query', 'ActivePromotionsQuery'),
      async (c) => {
        const q = valid<ActivePromotionsQuery>(c, 'query');
        const id = q.productId !== undefined || q.handle !== undefined ? await catalog.productId(q) : null;
        return ok(c, await commerce.promotions.active(id, c.get('shopper')));
      },
    )
    .post(
      '/multicurrency/singlePromotion',
      describeRoute({
        summary: 'Price of a quantity of a SKU',
        tag: 'Products',
        response: 'SinglePromotionResult',
        caller: 'anyone',
      }),
      validate('json', 'SinglePromotionRequest'),
      async (c) => {
        const body = valid<SinglePromotionRequest>(c, 'json');
        return ok(c, await commerce.promotions.single(body.skuId, body.quantity, c.get('shopper')));
      },
    );
}
