// The API client's catalog calls: products (listed, searched, by handle, alike), collections, reviews and
// promotions.
import type { ProductSort } from '../../schemas/generated/api';
import type { Params, QueryOf } from './call-types';
import type { Transport } from './transport';

export interface ListingQuery {
  categoryHandles?: string;
  handles?: string;
  q?: string;
  sort?: ProductSort;
  priceMin?: number;
  priceMax?: number;
  available?: 'true' | 'false';
  facets?: boolean;
  limit?: number;
  offset?: number;
  /** option.{code} -> value codes. */
  options?: Record<string, string[]>;
}

function listingParams({ options, ...query }: ListingQuery): Params {
  const params: Params = { ...query };
  for (const [code, values] of Object.entries(options ?? {})) if (values.length) params[`option.${code}`] = values.join(',');
  return params;
}

/** The query of a call, by the name the renderer knows it by. */
type ProductListQuery = QueryOf<'get /multicurrency/products/keySearch'>;

export function catalogCalls({ get, post, send, path }: Transport) {
  return {
    products: {
      list: (query: ListingQuery) => get<'get /multicurrency/products'>('multicurrency/products', listingParams(query)),
      search: (query: ListingQuery & { q: string }) =>
        get<'get /multicurrency/products/keySearch'>(
          'multicurrency/products/keySearch',
          listingParams(query) as ProductListQuery,
        ),
      byHandle: (handle: string) =>
        get<'get /multicurrency/products/handle/{handle}'>(`multicurrency/products/handle/${path(handle)}`),
      sames: (handle: string, limit = 8) =>
        get<'get /multicurrency/products/handle/{handle}/sames'>(`multicurrency/products/handle/${path(handle)}/sames`, {
          limit,
        }),
      /** The search box's suggestions for the words typed so far (not kept: each keystroke asks anew). */
      predictive: (q: string, limit?: number) =>
        send<'get /multicurrency/search/predictive'>('get', 'multicurrency/search/predictive', { q, limit }),
    },
    collection: (handle: string) => get<'get /product-categories/handle/{handle}'>(`product-categories/handle/${path(handle)}`),
    reviews: {
      list: (handle: string, sort: 'featured' | 'newest', limit: number, offset = 0) =>
        get<'get /product-comments'>('product-comments', { handle, sort, limit, offset }),
      statistics: (handle: string) => get<'get /product-comments/statistics'>('product-comments/statistics', { handle }),
    },
    promotions: {
      forProduct: (handle: string) =>
        get<'get /multicurrency/promotions/promotion/active'>('multicurrency/promotions/promotion/active', { handle }),
      single: (skuId: number, quantity: number) =>
        post<'post /multicurrency/singlePromotion'>('multicurrency/singlePromotion', { skuId, quantity }),
    },
  };
}
