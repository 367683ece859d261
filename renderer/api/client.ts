// The one API client of the renderer (ky). On the server it calls the Hono app in-process (no socket);
// in the browser it calls /api over HTTP. Calls return the envelope's data or throw an ApiError.
import ky, { type KyInstance } from 'ky';
import type { Collection, PageView, Product, ProductList, Site } from '../../schemas/generated/api';
import { ApiError } from './api-error';

/** Spec section 9: HTTP timeout. */
export const API_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
  /** Origin the /api paths are resolved against ('' in the browser: same origin). */
  origin: string;
  /** fetch to use: the app's own in-process fetch on the server. */
  fetch?: typeof fetch;
  /** Headers every call carries (spec section 7: language, visitor id…). */
  headers?: Record<string, string>;
  /** In-process calls need no timeout timer. */
  timeout?: number | false;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function createApiClient(options: ApiClientOptions) {
  const http: KyInstance = ky.create({
    prefixUrl: `${options.origin}/api`,
    fetch: options.fetch,
    headers: options.headers,
    timeout: options.timeout ?? API_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
  });

  async function get<T>(path: string, searchParams?: Record<string, string | number | undefined>): Promise<T> {
    const params = searchParams
      ? Object.fromEntries(
          Object.entries(searchParams).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
        )
      : undefined;
    const response = await http.get(path, { searchParams: params });
    let body: Envelope<T>;
    try {
      body = await response.json<Envelope<T>>();
    } catch {
      throw new ApiError(response.status, response.status, `The shop answered ${response.status} without a readable body.`, null);
    }
    if (body.code !== 200) throw new ApiError(body.code, response.status, body.message, body.data);
    return body.data;
  }

  const path = (value: string) => encodeURIComponent(value);

  return {
    site: () => get<Site>('site'),
    pageView: (handle: string) => get<PageView>(`pageView/${path(handle)}`),
    products: {
      list: (query: { categoryHandles?: string; handles?: string; limit?: number; offset?: number }) =>
        get<ProductList>('products', query),
      byHandle: (handle: string) => get<Product>(`products/${path(handle)}`),
    },
    collection: (handle: string) => get<Collection>(`product-categories/handle/${path(handle)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
