// The types of the API client's calls, read from the map of calls (schemas/generated/api-calls.ts): what
// each call is sent with and answers, its method, its path under /api, its query and its body. Types only:
// the map and the type arguments are erased, nothing of them reaches the browser.
import type { ApiCallKey, ApiCalls } from '../../schemas/generated/api-calls';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export type Params = Record<string, string | number | boolean | undefined>;

/** The data a call answers with (in the envelope, or the answer itself for a bare one). */
export type Answer<K extends ApiCallKey> = ApiCalls[K]['response'];

/** The calls answered in the envelope: the ones `request` makes. */
export type EnvelopeCall = { [K in ApiCallKey]: ApiCalls[K]['answer'] extends 'envelope' ? K : never }[ApiCallKey];

type Has<T, Field> = [T] extends [never] ? unknown : Field;
type AllOptional<T> = Partial<T> extends T ? true : false;

/**
 * What a call is sent with: its path parameters, its query and its body, each when the route has one (a
 * call without a body schema may still be sent an empty one), and headers of its own.
 */
export type CallInput<K extends ApiCallKey> = Has<ApiCalls[K]['path'], { path: ApiCalls[K]['path'] }> &
  Has<
    ApiCalls[K]['query'],
    AllOptional<ApiCalls[K]['query']> extends true ? { query?: ApiCalls[K]['query'] } : { query: ApiCalls[K]['query'] }
  > &
  ([ApiCalls[K]['body']] extends [never] ? { body?: Record<string, never> } : { body: ApiCalls[K]['body'] }) & {
    headers?: Record<string, string>;
  };

/** The input argument, optional when nothing in it is required. */
export type InputArgs<K extends ApiCallKey> =
  AllOptional<CallInput<K>> extends true ? [input?: CallInput<K>] : [input: CallInput<K>];

export interface AnyInput {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The method of call K. */
export type MethodOf<K extends ApiCallKey> = K extends `${infer M extends Method} ${string}` ? M : never;
/** The path under /api of call K, each `{param}` any text: `orders/${string}/tracking`. */
export type PathOf<K extends ApiCallKey> = K extends `${string} /${infer P}` ? Filled<P> : never;
type Filled<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Filled<B>}` : P;
/** The query of call K (none: nothing but the common parameters). */
export type QueryOf<K extends ApiCallKey> = [ApiCalls[K]['query']] extends [never] ? Record<string, never> : ApiCalls[K]['query'];
/** The body of call K (a call without a body schema may be sent an empty one). */
export type BodyOf<K extends ApiCallKey> = [ApiCalls[K]['body']] extends [never] ? Record<string, never> : ApiCalls[K]['body'];
