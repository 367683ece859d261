// How the API client sends a call (ky). On the server it calls the Hono app in-process (no socket); in the
// browser it calls /api over HTTP. Calls return the envelope's data or throw an ApiError. Every call
// carries the language header and the visitor's currency (spec section 7); cart calls carry the visitor id
// (customerUUID). The area files (catalog-calls.ts, cart-calls.ts, …) name their calls with what this
// gives them: `get` (a read that may be kept), `send` and `post` (never kept), `signed` (a payment call).
import type { KyInstance } from 'ky';
import type { ApiCallKey } from '../../schemas/generated/api-calls';
import { ApiError } from './api-error';
import type {
  Answer,
  AnyInput,
  BodyOf,
  EnvelopeCall,
  Envelope,
  InputArgs,
  Method,
  MethodOf,
  Params,
  PathOf,
  QueryOf,
} from './call-types';

/** Spec section 9: HTTP timeout. */
export const API_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
  /** Origin the /api paths are resolved against. */
  origin: string;
  /** fetch to use: the app's own in-process fetch on the server. */
  fetch?: typeof fetch;
  /** Locale code sent as the `language` header. */
  locale: string;
  /** Currency code sent as `currencyCode` (none: the base currency). */
  currency?: string;
  /** Visitor id sent as `customerUUID` (spec: from the sakUUID cookie). */
  visitorId?: string;
  /** In-process calls need no timeout timer. */
  timeout?: number | false;
  /**
   * Keeps answers of GET calls but the page view (server side: the renderer's calls are anonymous, so
   * every visitor with the same locale and currency gets the same answer). `key` names the call and its
   * parameters.
   */
  memo?: (key: string, load: () => Promise<unknown>) => Promise<unknown>;
  /**
   * Told of an answer with code 50021 (spec section 8: the shop is in maintenance); the browser goes to
   * /maintenance (browserSiteModes).
   */
  onMaintenance?: () => void;
}

/** Spec section 8: the answer's code when the shop is in maintenance. */
const MAINTENANCE_CODE = 50021;

/** What the browser's client does on 50021: go to /maintenance, unless it is there already. */
export function browserSiteModes(): Pick<ApiClientOptions, 'onMaintenance'> {
  return {
    onMaintenance: () => {
      if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance');
    },
  };
}

/** `post /orders/{token}/tracking` with its path parameters: the method, and the path under /api (each parameter encoded). */
function target(key: ApiCallKey, input: AnyInput | undefined): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return {
    method: key.slice(0, space) as Method,
    path: key.slice(space + 2).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input?.path?.[name] ?? '')),
  };
}

export function createTransport(options: ApiClientOptions) {
  const headers: Record<string, string> = { language: options.locale };
  if (options.visitorId) headers.customerUUID = options.visitorId;
  // ky is loaded with the first call: pages hydrate without it (it is not first-load JavaScript).
  let http: Promise<KyInstance> | undefined;
  const client = () =>
    (http ??= import('ky').then(({ default: ky }) =>
      ky.create({
        prefixUrl: `${options.origin}/api`,
        fetch: options.fetch,
        headers,
        timeout: options.timeout ?? API_TIMEOUT_MS,
        retry: 0,
        throwHttpErrors: false,
      }),
    ));
  const common: Params = options.currency ? { currencyCode: options.currency } : {};

  async function call<T>(
    method: Method,
    path: string,
    searchParams: Params = {},
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    const params = Object.fromEntries(
      Object.entries({ ...common, ...searchParams }).filter(
        (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
      ),
    );
    // ky takes `headers: undefined` as "no headers", dropping the client's own (the visitor's, the language).
    const response = await (await client())(path, { method, searchParams: params, json, ...(headers && { headers }) });
    let body: Envelope<T>;
    try {
      body = await response.json<Envelope<T>>();
    } catch {
      throw new ApiError(
        response.status,
        response.status,
        `The shop answered ${response.status} without a readable body.`,
        null,
        false,
      );
    }
    if (body.code === MAINTENANCE_CODE) options.onMaintenance?.();
    if (body.code !== 200) throw new ApiError(body.code, response.status, body.message, body.data);
    return body.data;
  }
  const { memo } = options;
  /** Any call answered in the envelope, by its route's key; never kept (each answer may be one visitor's). */
  const request = <K extends EnvelopeCall>(key: K, ...[input]: InputArgs<K>): Promise<Answer<K>> => {
    const { method, path } = target(key, input);
    const { query, body, headers } = (input ?? {}) as AnyInput;
    return call<Answer<K>>(method, path, query as Params | undefined, body, headers);
  };
  // The named methods (the area files) name their call's route as a type argument (erased: no bytes in the browser),
  // which types the path they send, the query, the body and the answer.
  /** A read that may be kept (server: the renderer's calls are anonymous): `memo` names it by path and query. */
  const get = <K extends EnvelopeCall & `get ${string}`>(path: PathOf<K>, params?: QueryOf<K>): Promise<Answer<K>> =>
    memo
      ? (memo(`${path}?${JSON.stringify(params ?? {})}`, () => call<Answer<K>>('get', path, params as Params)) as Promise<
          Answer<K>
        >)
      : call<Answer<K>>('get', path, params as Params);
  /** A call never kept (`call` itself, typed by the call's route). */
  const send = call as <K extends EnvelopeCall>(
    method: MethodOf<K>,
    path: PathOf<K>,
    params?: QueryOf<K>,
    json?: BodyOf<K>,
    headers?: Record<string, string>,
  ) => Promise<Answer<K>>;
  const post = <K extends EnvelopeCall & `post ${string}`>(path: PathOf<K>, json: BodyOf<K>) =>
    call<Answer<K>>('post', path, {}, json);
  /** A payment call: signed (schemas/payment-signature.ts) from the checkout step it is sent from. */
  const signed = async <K extends EnvelopeCall & (`post ${string}` | `put ${string}`)>(
    method: MethodOf<K>,
    path: PathOf<K>,
    json: BodyOf<K> & object,
    step = 'payment',
  ) => {
    const { signatureParams } = await import('./sign-payment');
    const query = await signatureParams({ origin: options.origin, visitor: options.visitorId ?? '', body: json, step });
    return call<Answer<K>>(method, path, { ...query }, json);
  };
  const path = (value: string) => encodeURIComponent(value);

  return { call, client, common, memo, request, get, send, post, signed, path };
}

/** What the area files name their calls with. */
export type Transport = ReturnType<typeof createTransport>;
