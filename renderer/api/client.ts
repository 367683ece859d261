// The one API client of the renderer (ky). On the server it calls the Hono app in-process (no socket);
// in the browser it calls /api over HTTP. Calls return the envelope's data or throw an ApiError.
// Every call carries the language header and the visitor's currency (spec section 7); cart calls
// carry the visitor id (customerUUID).
//
// Typed from the routes: `request('get /products/handle/{handle}', { path: { handle } })` takes what the
// route declares (schemas/generated/api-calls.ts, written by `npm run gen` from each route's
// describeRoute() and validate()), so a new call needs no change here. The named methods below are the
// same calls with the shop's own arguments. Types only: nothing of the map reaches the browser's code.
import type { KyInstance } from 'ky';
import type { ApiCallKey, ApiCalls } from '../../schemas/generated/api-calls';
import type {
  CardTokenRequest,
  CheckoutAddress,
  FunnelCheckoutRequest,
  FunnelLocationQuery,
  ProductSort,
  SaveProductsRequest,
} from '../../schemas/generated/api';
import { ApiError } from './api-error';

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
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

type Params = Record<string, string | number | boolean | undefined>;

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
type InputArgs<K extends ApiCallKey> = AllOptional<CallInput<K>> extends true ? [input?: CallInput<K>] : [input: CallInput<K>];

interface AnyInput {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `post /orders/{token}/tracking` with its path parameters: the method, and the path under /api (each parameter encoded). */
function target(key: ApiCallKey, input: AnyInput | undefined): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return {
    method: key.slice(0, space) as Method,
    path: key.slice(space + 2).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input?.path?.[name] ?? '')),
  };
}

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

export function createApiClient(options: ApiClientOptions) {
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
    if (body.code !== 200) throw new ApiError(body.code, response.status, body.message, body.data);
    return body.data;
  }
  type PaymentMethodList = Answer<'get /payment-methods/list'>;
  async function paymentMethods(): Promise<PaymentMethodList> {
    // The shop's methods are the same for every visitor of a locale: kept like other reads (server).
    return memo ? (memo('payment-methods/list', listPaymentMethods) as Promise<PaymentMethodList>) : listPaymentMethods();
  }
  async function listPaymentMethods(): Promise<PaymentMethodList> {
    try {
      const response = await (
        await client()
      )(target('get /payment-methods/list', undefined).path, {
        searchParams: { ...common },
      });
      const body = await response.json<PaymentMethodList>();
      return body.success ? body : { success: false, result: [] };
    } catch {
      return { success: false, result: [] };
    }
  }
  const { memo } = options;
  /** Any call answered in the envelope, typed from its route; never kept (each answer may be one visitor's). */
  const request = <K extends EnvelopeCall>(key: K, ...[input]: InputArgs<K>): Promise<Answer<K>> => {
    const { method, path } = target(key, input);
    const { query, body, headers } = (input ?? {}) as AnyInput;
    return call<Answer<K>>(method, path, query as Params | undefined, body, headers);
  };
  /** A read that may be kept (server: the renderer's calls are anonymous): `memo` names it by path and query. */
  const read = <K extends EnvelopeCall & `get ${string}`>(key: K, ...[input]: InputArgs<K>): Promise<Answer<K>> => {
    const { path } = target(key, input);
    const params = (input as AnyInput | undefined)?.query as Params | undefined;
    return memo
      ? (memo(`${path}?${JSON.stringify(params ?? {})}`, () => call<Answer<K>>('get', path, params)) as Promise<Answer<K>>)
      : call<Answer<K>>('get', path, params);
  };
  /** A payment call: signed (schemas/payment-signature.ts) from the checkout step it is sent from. */
  const signed = async <K extends EnvelopeCall & (`post ${string}` | `put ${string}`)>(
    key: K,
    input: CallInput<K>,
    step = 'payment',
  ): Promise<Answer<K>> => {
    const { method, path } = target(key, input);
    const json = (input as AnyInput).body as object;
    const { signatureParams } = await import('./sign-payment');
    const query = await signatureParams({ origin: options.origin, visitor: options.visitorId ?? '', body: json, step });
    return call<Answer<K>>(method, path, { ...query }, json);
  };

  return {
    request,
    site: () => read('get /site'),
    menus: () => read('get /menu/list'),
    paymentIcons: () => read('get /dict/detail/CREDIT_CARD_ICON'),
    apps: () => read('get /app/config/used'),
    // Never kept: it carries the server's clock (countdowns); its block data is kept per page version.
    pageView: (handle: string, preview?: string) =>
      request('get /pageView/{handle}', { path: { handle }, query: preview ? { preview } : {} }),
    // Never kept either: a step of a funnel with its page's view.
    // With the main order's token on the steps after the checkout (an offer is shown to that buyer).
    // `visitor`: named by the server's renderer, whose calls carry no visitor of their own (the
    // browser's carry it as customerUUID).
    funnelStep: (handle: string, pageId?: string, order?: string, _visitor?: string, preview?: string) =>
      request('get /multicurrency/funnel/{handle}', {
        path: { handle },
        query: {
          ...(pageId ? { pageId } : {}),
          ...(order ? { order } : {}),
          ...(preview ? { preview } : {}),
        },
      }),
    // A funnel's own calls: never kept, each is one shopper's.
    funnel: {
      /** Starts the funnel's checkout with the products chosen, or changes them (checkoutToken); priced. */
      checkout: (body: Omit<FunnelCheckoutRequest, 'lines'> & { lines: { skuId: number; quantity: number }[] }) =>
        // The schema's maxItems types lines as a tuple of up to n items; any list of up to n is sent.
        request('post /multicurrency/calculatePrice', { body: body as FunnelCheckoutRequest }),
      /** The payment methods of funnel checkouts (funnelTag). */
      methods: () => request('get /funnel/checkout/paymentMethodList'),
      /** Accepts or declines a one-click offer; where the shopper goes next. */
      answerOffer: (body: ApiCalls['post /multicurrency/upsell']['body']) => request('post /multicurrency/upsell', { body }),
      /** A step of a live funnel by id or type (checklocation); 404 when it has none. */
      location: (handle: string, query: { pageId?: string; type?: string }) =>
        request('get /location/{x}/checklocation', { path: { x: handle }, query: query as FunnelLocationQuery }),
      /** Where the buyer of an order goes next in its funnel (nextlocation), or its first step of a type. */
      afterOrder: (orderToken: string, type?: string) =>
        request('get /location/{x}/nextlocation', {
          path: { x: orderToken },
          query: (type ? { type } : {}) as FunnelLocationQuery,
        }),
      /** The live funnels and their checkout (funnel/test/test: the test checkout page). */
      live: () => request('get /funnel/test/test'),
      /** The visitor's own deadline of an evergreen countdown (page and block). */
      evergreen: (page: string, block: string) => request('post /countdown/evergreen', { body: { page, block } }),
      /** Whether an offer can still be accepted (spec: validateTime). */
      validity: (token: string) => request('get /funnel/checkout/upsell/validateTime', { query: { token } }),
    },
    pages: () => read('get /themePage'),
    products: {
      list: (query: ListingQuery) => read('get /multicurrency/products', { query: listingParams(query) }),
      search: (query: ListingQuery & { q: string }) =>
        read('get /multicurrency/products/keySearch', { query: listingParams(query) }),
      byHandle: (handle: string) => read('get /multicurrency/products/handle/{handle}', { path: { handle } }),
      sames: (handle: string, limit = 8) =>
        read('get /multicurrency/products/handle/{handle}/sames', { path: { handle }, query: { limit } }),
      /** The search box's suggestions for the words typed so far (not kept: each keystroke asks anew). */
      predictive: (q: string, limit?: number) => request('get /multicurrency/search/predictive', { query: { q, limit } }),
    },
    collection: (handle: string) => read('get /product-categories/handle/{handle}', { path: { handle } }),
    reviews: {
      list: (handle: string, sort: 'featured' | 'newest', limit: number, offset = 0) =>
        read('get /product-comments', { query: { handle, sort, limit, offset } }),
      statistics: (handle: string) => read('get /product-comments/statistics', { query: { handle } }),
    },
    promotions: {
      forProduct: (handle: string) => read('get /multicurrency/promotions/promotion/active', { query: { handle } }),
      single: (skuId: number, quantity: number) => request('post /multicurrency/singlePromotion', { body: { skuId, quantity } }),
    },
    cart: {
      quantity: () => read('get /shopping-carts/quantity'),
      add: (skuId: number, quantity: number) => request('post /shopping-carts', { body: { skuId, quantity } }),
      /**
       * Never kept: the cart is the visitor's own and changes with every call. `visitor` names whose, for
       * a client without a visitor of its own (the server's, rendering the private cart page).
       */
      get: (visitor?: string) =>
        request('get /multicurrency/shopping-carts', visitor ? { headers: { customerUUID: visitor } } : {}),
      /** Adds several SKUs at once (a bundle's "add all"): all or none. */
      addAll: (items: { skuId: number; quantity: number }[]) =>
        request('post /shopping-carts/saveProducts', { body: { items } as SaveProductsRequest }),
      setQuantity: (lineId: number, quantity: number) =>
        request('post /multicurrency/shopping-carts/{id}', { path: { id: String(lineId) }, body: { quantity } }),
      remove: (lineId: number) => request('delete /multicurrency/shopping-carts/{id}', { path: { id: String(lineId) } }),
      /** The free gift the shopper picks (one per cart). */
      addGift: (skuId: number) => request('post /shopping-carts/gift', { body: { skuId } }),
      removeGift: (skuId: number) => request('delete /shopping-carts/gift/{id}', { path: { id: String(skuId) } }),
      applyCoupon: (code: string) => request('post /multicurrency/general/coupon', { body: { code } }),
      removeCoupon: () => request('delete /coupon'),
    },
    // The checkout's calls are never kept: each is one shopper's own.
    checkout: {
      /** From the cart, or "buy now" of one item (the cart is left as it is). */
      start: (buyNow?: { skuId: number; quantity: number }) =>
        request('post /multicurrency/general/checkout', { body: buyNow ? { buyNow } : {} }),
      get: (token: string) => request('get /multicurrency/general/checkout/{token}', { path: { token } }),
      /** Saves what the shopper told (the fields given); a 400 names each bad field with its rule. */
      save: (update: CheckoutUpdate) => request('post /multicurrency/asyncPayInfoSave', { body: update }),
      saveAll: (update: CheckoutUpdate) => request('post /multicurrency/general/checkout-onepage', { body: update }),
      // With a checkoutToken the coupon calls answer the checkout, not the cart their routes declare.
      applyCoupon: (checkoutToken: string, code: string) =>
        request('post /multicurrency/general/coupon', { body: { code, checkoutToken } }) as Promise<unknown> as Promise<Checkout>,
      removeCoupon: (checkoutToken: string) =>
        request('delete /coupon', { query: { checkoutToken } }) as Promise<unknown> as Promise<Checkout>,
      /** Priced for the checkout when its token is given (buy now is not the cart), else for the cart. */
      shippingOptions: (countryCode: string, provinceCode?: string, checkoutToken?: string) =>
        request('get /multicurrency/general/shipping-template', { query: { countryCode, provinceCode, checkoutToken } }),
      countries: () => read('get /shipping-template/country'),
      provinces: (countryCode: string) => read('get /districts/getProvince', { query: { countryCode } }),
      checkZip: (countryCode: string, zip: string) => request('get /base-districts/check/zip', { query: { countryCode, zip } }),
      tip: () => read('get /multicurrency/additional/tip'),
      insurance: () => read('get /multicurrency/additional/shippingInsurance'),
      /** Restores an abandoned checkout from the link of its recovery mail. */
      recover: (key: string) => request('post /checkout/recovering/{key}', { path: { key }, body: {} }),
      /** Stops the reminder mails of that checkout's email (the mail's "stop these reminders" link). */
      optOut: (key: string) => request('post /checkout/recovering/{key}/optout', { path: { key }, body: {} }),
    },
    payments: {
      /** The spec's own shape, not the envelope: on failure both lists are empty. */
      methods: () => paymentMethods(),
      /** The test card provider's own endpoint: the card goes there, never to the order API. */
      tokenizeCard: (card: CardTokenRequest) => request('post /payment-providers/test-card/tokens', { body: card }),
      /** Places the checkout's order (or takes the one waiting) and pays it; a decline throws its 800xx code. */
      createOrder: (body: CreateOrderRequest) => signed('post /payment/create-order', { body }),
      /** The same for a funnel's checkout (spec: funnel-buy): paid, the shopper goes on to the funnel's next step. */
      funnelBuy: (body: CreateOrderRequest) => signed('post /multicurrency/funnel-buy', { body }),
      /** Back from a provider's page (or asking again): how the order's payment stands, and where to go. */
      confirm: (orderToken: string, step = 'return') => signed('post /paymentStrategy/confirm', { body: { orderToken } }, step),
      threeDs: (orderToken: string) => signed('post /paymentStrategy/threeDs', { body: { orderToken } }, 'threeDs'),
      /** The shopper gave up at the provider: the order stays payable. */
      cancel: (orderToken: string) => signed('post /paymentStrategy/cancel', { body: { orderToken } }, 'return'),
      /** A provider's script in the browser failed the payment with a code of spec section 8. */
      fail: (orderToken: string, code: number, message?: string) =>
        signed('post /paymentStrategy/failure', { body: { orderToken, code, ...(message ? { message } : {}) } }, 'return'),
      /** Goes on after a shop page: the address confirmed or completed, or the new shipping accepted. */
      resume: (body: ApiCalls['put /paymentStrategy']['body']) => signed('put /paymentStrategy', { body }, 'return'),
      /** Express checkout: the wallet's address and e-mail saved, the cheapest shipping there chosen; the checkout priced. */
      shippingInfo: (paymentMethod: string, body: ApiCalls['post /paymentStrategy/{paymentMethod}/shippingInfo']['body']) =>
        signed('post /paymentStrategy/{paymentMethod}/shippingInfo', { path: { paymentMethod }, body }, 'express'),
      /** The test wallet's payment sheet (its provider's own route, not a call of the API's table): its account's e-mail and address, and a one-time approval token for the method. */
      walletSheet: (paymentMethodCode: string) =>
        call<WalletSheet>('post', 'payment-providers/test-wallet/sheet', {}, { paymentMethodCode }),
      /** What a method takes for this checkout, and a pay-later method's plan. */
      prePay: (checkoutToken: string, paymentMethodCode: string) =>
        signed('post /paymentStrategy/prePay', { body: { checkoutToken, paymentMethodCode } }),
      /** The banks an iDEAL payment is made with (its bank selection). */
      idealBanks: () => request('get /paymentStrategy/airwallexIdealBanks'),
      /** Logs a failure of the browser's payment code on the server; never throws. */
      logFailure: (payload: Record<string, unknown>, type: 'error' | 'warn' | 'info' = 'error') =>
        request('post /paymentStrategy/failureLog', { body: { type, payload } }).catch(() => null),
    },
    orders: {
      /** By the buyer's order token (never by a guessable id). */
      get: (token: string) => request('get /multicurrency/general/order/{token}', { path: { token } }),
      status: (token: string) => request('get /multicurrency/general/order/{token}/ckstatus', { path: { token } }),
      tracking: (number: string) => request('get /orders/tracking', { query: { number } }),
      trackingOf: (token: string) => request('get /orders/{token}/tracking', { path: { token } }),
      /** By order number and the email it was placed with (5010 when they do not match). */
      trackingByOrder: (orderNumber: string, email: string) => request('post /orders/tracking', { body: { orderNumber, email } }),
    },
  };
}

/** The data and bodies of some calls, by the names the renderer knows them by. */
type Checkout = Answer<'get /multicurrency/general/checkout/{token}'>;
type CheckoutUpdate = ApiCalls['post /multicurrency/asyncPayInfoSave']['body'];
type CreateOrderRequest = ApiCalls['post /payment/create-order']['body'];

/** What the test wallet's sheet hands the shop (server/payments/simulated/wallet/provider.ts). */
export interface WalletSheet {
  token: string;
  paymentMethodCode: string;
  email: string;
  address: CheckoutAddress;
}

export type ApiClient = ReturnType<typeof createApiClient>;
