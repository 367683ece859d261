// The one API client of the renderer (ky). On the server it calls the Hono app in-process (no socket);
// in the browser it calls /api over HTTP. Calls return the envelope's data or throw an ApiError.
// Every call carries the language header and the visitor's currency (spec section 7); cart calls
// carry the visitor id (customerUUID).
//
// Typed from the routes: `request('get /products/{handle}', { path: { handle } })` takes what the route
// declares (schemas/generated/api-calls.ts, written by `npm run gen` from each route's describeRoute()
// and validate()), so a new call needs no change here. The named methods are the same calls with the
// shop's own arguments; each names its route as a type argument (`get<'get /site'>('site')`), which
// checks the path it sends against the route and types its query, body and answer. Types only: the map
// and the type arguments are erased, nothing of them reaches the browser.
import type { KyInstance } from 'ky';
import type { ApiCallKey, ApiCalls } from '../../schemas/generated/api-calls';
import type {
  AsiabillChargeRequest,
  CardTokenRequest,
  CheckoutAddress,
  FunnelCheckoutRequest,
  FunnelLocationQuery,
  ProductSort,
  SaveProductsRequest,
  ShopOfferAcceptRequest,
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

/** The method of call K. */
type MethodOf<K extends ApiCallKey> = K extends `${infer M extends Method} ${string}` ? M : never;
/** The path under /api of call K, each `{param}` any text: `orders/${string}/tracking`. */
type PathOf<K extends ApiCallKey> = K extends `${string} /${infer P}` ? Filled<P> : never;
type Filled<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Filled<B>}` : P;
/** The query of call K (none: nothing but the common parameters). */
type QueryOf<K extends ApiCallKey> = [ApiCalls[K]['query']] extends [never] ? Record<string, never> : ApiCalls[K]['query'];
/** The body of call K (a call without a body schema may be sent an empty one). */
type BodyOf<K extends ApiCallKey> = [ApiCalls[K]['body']] extends [never] ? Record<string, never> : ApiCalls[K]['body'];

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
    if (body.code === MAINTENANCE_CODE) options.onMaintenance?.();
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
      const response = await (await client())('payment-methods/list', { searchParams: { ...common } });
      const body = await response.json<PaymentMethodList>();
      return body.success ? body : { success: false, result: [] };
    } catch {
      return { success: false, result: [] };
    }
  }
  const { memo } = options;
  /** Any call answered in the envelope, by its route's key; never kept (each answer may be one visitor's). */
  const request = <K extends EnvelopeCall>(key: K, ...[input]: InputArgs<K>): Promise<Answer<K>> => {
    const { method, path } = target(key, input);
    const { query, body, headers } = (input ?? {}) as AnyInput;
    return call<Answer<K>>(method, path, query as Params | undefined, body, headers);
  };
  // The named methods below name their call's route as a type argument (erased: no bytes in the browser),
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

  return {
    request,
    site: () => get<'get /site'>('site'),
    menus: () => get<'get /menu/list'>('menu/list'),
    paymentIcons: () => get<'get /dict/detail/CREDIT_CARD_ICON'>('dict/detail/CREDIT_CARD_ICON'),
    apps: () => get<'get /app/config/used'>('app/config/used'),
    // Never kept: it carries the server's clock (countdowns); its block data is kept per page version.
    pageView: (handle: string, preview?: string) =>
      send<'get /pageView/{handle}'>('get', `pageView/${path(handle)}`, preview ? { preview } : {}),
    // Never kept either: a step of a funnel with its page's view.
    // With the main order's token on the steps after the checkout (an offer is shown to that buyer).
    // `visitor`: named by the server's renderer, whose calls carry no visitor of their own (the
    // browser's carry it as customerUUID).
    funnelStep: (handle: string, pageId?: string, order?: string, _visitor?: string, preview?: string) =>
      send<'get /multicurrency/funnel/{handle}'>('get', `multicurrency/funnel/${path(handle)}`, {
        ...(pageId ? { pageId } : {}),
        ...(order ? { order } : {}),
        ...(preview ? { preview } : {}),
      }),
    // Never kept: the one-click offer after a shop order's checkout, shown to its buyer, with its page.
    // `visitor` as for funnelStep: named by the server's renderer (the browser's calls carry their own).
    shopOffer: (orderToken: string, type: 'upsell' | 'downsell', _visitor?: string) =>
      send<'get /site-checkout-trigger/{x}/nextproduct'>('get', `site-checkout-trigger/${path(orderToken)}/nextproduct`, {
        type,
      }),
    // A funnel's own calls: never kept, each is one shopper's.
    funnel: {
      /** Starts the funnel's checkout with the products chosen, or changes them (checkoutToken); priced. */
      checkout: (request: Omit<FunnelCheckoutRequest, 'lines'> & { lines: { skuId: number; quantity: number }[] }) =>
        // The schema's maxItems types lines as a tuple of up to n items; any list of up to n is sent.
        post<'post /multicurrency/calculatePrice'>('multicurrency/calculatePrice', request as FunnelCheckoutRequest),
      /** The payment methods of funnel checkouts (funnelTag). */
      methods: () => send<'get /funnel/checkout/paymentMethodList'>('get', 'funnel/checkout/paymentMethodList'),
      /** Accepts or declines a one-click offer; where the shopper goes next. */
      answerOffer: (request: OfferAnswerRequest) => post<'post /multicurrency/upsell'>('multicurrency/upsell', request),
      /** A step of a live funnel by id or type (checklocation); 404 when it has none. */
      location: (handle: string, query: { pageId?: string; type?: string }) =>
        send<'get /location/{x}/checklocation'>('get', `location/${path(handle)}/checklocation`, query as FunnelLocationQuery),
      /** Where the buyer of an order goes next in its funnel (nextlocation), or its first step of a type. */
      afterOrder: (orderToken: string, type?: string) =>
        send<'get /location/{x}/nextlocation'>(
          'get',
          `location/${path(orderToken)}/nextlocation`,
          (type ? { type } : {}) as FunnelLocationQuery,
        ),
      /** The live funnels and their checkout (funnel/test/test: the test checkout page). */
      live: () => send<'get /funnel/test/test'>('get', 'funnel/test/test'),
      /** The visitor's own deadline of an evergreen countdown (page and block). */
      evergreen: (page: string, block: string) => post<'post /countdown/evergreen'>('countdown/evergreen', { page, block }),
      /** Whether an offer can still be accepted (spec: validateTime). */
      validity: (token: string) =>
        send<'get /funnel/checkout/upsell/validateTime'>('get', 'funnel/checkout/upsell/validateTime', { token }),
    },
    pages: () => get<'get /themePage'>('themePage'),
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
    cart: {
      quantity: () => get<'get /shopping-carts/quantity'>('shopping-carts/quantity'),
      add: (skuId: number, quantity: number) => post<'post /shopping-carts'>('shopping-carts', { skuId, quantity }),
      /**
       * Never kept: the cart is the visitor's own and changes with every call. `visitor` names whose, for
       * a client without a visitor of its own (the server's, rendering the private cart page).
       */
      get: (visitor?: string) =>
        send<'get /multicurrency/shopping-carts'>(
          'get',
          'multicurrency/shopping-carts',
          {},
          undefined,
          visitor ? { customerUUID: visitor } : undefined,
        ),
      /** Adds several SKUs at once (a bundle's "add all"): all or none. `visitor`: whose cart, as for `get`. */
      addAll: (items: { skuId: number; quantity: number }[], visitor?: string) =>
        send<'post /shopping-carts/saveProducts'>(
          'post',
          'shopping-carts/saveProducts',
          {},
          { items } as SaveProductsRequest,
          visitor ? { customerUUID: visitor } : undefined,
        ),
      setQuantity: (lineId: number, quantity: number) =>
        post<'post /multicurrency/shopping-carts/{id}'>(`multicurrency/shopping-carts/${lineId}`, { quantity }),
      remove: (lineId: number) =>
        send<'delete /multicurrency/shopping-carts/{id}'>('delete', `multicurrency/shopping-carts/${lineId}`),
      /** The free gift the shopper picks (one per cart). */
      addGift: (skuId: number) => post<'post /shopping-carts/gift'>('shopping-carts/gift', { skuId }),
      removeGift: (skuId: number) => send<'delete /shopping-carts/gift/{id}'>('delete', `shopping-carts/gift/${skuId}`),
      applyCoupon: (code: string) => post<'post /multicurrency/general/coupon'>('multicurrency/general/coupon', { code }),
      removeCoupon: () => send<'delete /coupon'>('delete', 'coupon'),
    },
    // The checkout's calls are never kept: each is one shopper's own.
    checkout: {
      /** From the cart, or "buy now" of one item (the cart is left as it is). */
      start: (buyNow?: { skuId: number; quantity: number }) =>
        post<'post /multicurrency/general/checkout'>('multicurrency/general/checkout', buyNow ? { buyNow } : {}),
      get: (token: string) =>
        send<'get /multicurrency/general/checkout/{token}'>('get', `multicurrency/general/checkout/${path(token)}`),
      /** Saves what the shopper told (the fields given); a 400 names each bad field with its rule. */
      save: (update: CheckoutUpdate) => post<'post /multicurrency/asyncPayInfoSave'>('multicurrency/asyncPayInfoSave', update),
      saveAll: (update: CheckoutUpdate) =>
        post<'post /multicurrency/general/checkout-onepage'>('multicurrency/general/checkout-onepage', update),
      // With a checkoutToken the coupon calls answer the checkout, not the cart their routes declare.
      applyCoupon: (checkoutToken: string, code: string) =>
        post<'post /multicurrency/general/coupon'>('multicurrency/general/coupon', {
          code,
          checkoutToken,
        }) as Promise<unknown> as Promise<Checkout>,
      removeCoupon: (checkoutToken: string) =>
        send<'delete /coupon'>('delete', 'coupon', { checkoutToken }) as Promise<unknown> as Promise<Checkout>,
      /** Priced for the checkout when its token is given (buy now is not the cart), else for the cart. */
      shippingOptions: (countryCode: string, provinceCode?: string, checkoutToken?: string) =>
        send<'get /multicurrency/general/shipping-template'>('get', 'multicurrency/general/shipping-template', {
          countryCode,
          provinceCode,
          checkoutToken,
        }),
      countries: () => get<'get /shipping-template/country'>('shipping-template/country'),
      provinces: (countryCode: string) => get<'get /districts/getProvince'>('districts/getProvince', { countryCode }),
      checkZip: (countryCode: string, zip: string) =>
        send<'get /base-districts/check/zip'>('get', 'base-districts/check/zip', { countryCode, zip }),
      tip: () => get<'get /multicurrency/additional/tip'>('multicurrency/additional/tip'),
      insurance: () => get<'get /multicurrency/additional/shippingInsurance'>('multicurrency/additional/shippingInsurance'),
      /** Restores an abandoned checkout from the link of its recovery mail. */
      recover: (key: string) => post<'post /checkout/recovering/{key}'>(`checkout/recovering/${path(key)}`, {}),
      /** Stops the reminder mails of that checkout's email (the mail's "stop these reminders" link). */
      optOut: (key: string) => post<'post /checkout/recovering/{key}/optout'>(`checkout/recovering/${path(key)}/optout`, {}),
    },
    payments: {
      /** The spec's own shape, not the envelope: on failure both lists are empty. */
      methods: () => paymentMethods(),
      /** The test card provider's own endpoint: the card goes there, never to the order API. */
      tokenizeCard: (card: CardTokenRequest) =>
        post<'post /payment-providers/test-card/tokens'>('payment-providers/test-card/tokens', card),
      /** Places the checkout's order (or takes the one waiting) and pays it; a decline throws its 800xx code. */
      createOrder: (request: CreateOrderRequest) => signed<'post /payment/create-order'>('post', 'payment/create-order', request),
      /** The same with a PacyPay method (spec: pacypay/create-order): `next` is PacyPay's hosted page. */
      pacypayOrder: (request: CreateOrderRequest) =>
        signed<'post /pacypay/create-order'>('post', 'pacypay/create-order', {
          checkoutToken: request.checkoutToken,
          paymentMethodCode: request.paymentMethodCode,
          idempotencyKey: request.idempotencyKey,
          ...(request.saveAddress ? { saveAddress: true } : {}),
        }),
      /** AsiaBill's hosted fields: a session for the checkout's card form, the card sent to AsiaBill's endpoint, the charge. */
      asiabill: {
        session: (checkoutToken: string) =>
          signed<'post /asiabill/sessionToken'>('post', 'asiabill/sessionToken', { checkoutToken }),
        card: (sessionToken: string, card: CardTokenRequest) =>
          post<'post /payment-providers/asiabill/sessions/{sessionToken}/card'>(
            `payment-providers/asiabill/sessions/${path(sessionToken)}/card`,
            card,
          ),
        charge: (request: AsiabillChargeRequest) =>
          signed<'post /asiabill/confirmCharge'>('post', 'asiabill/confirmCharge', request),
      },
      /** The same for a funnel's checkout (spec: funnel-buy): paid, the shopper goes on to the funnel's next step. */
      funnelBuy: (request: CreateOrderRequest) =>
        signed<'post /multicurrency/funnel-buy'>('post', 'multicurrency/funnel-buy', request),
      /** Back from a provider's page (or asking again): how the order's payment stands, and where to go. */
      confirm: (orderToken: string, step = 'return') =>
        signed<'post /paymentStrategy/confirm'>('post', 'paymentStrategy/confirm', { orderToken }, step),
      threeDs: (orderToken: string) =>
        signed<'post /paymentStrategy/threeDs'>('post', 'paymentStrategy/threeDs', { orderToken }, 'threeDs'),
      /** The shopper gave up at the provider: the order stays payable. */
      cancel: (orderToken: string) =>
        signed<'post /paymentStrategy/cancel'>('post', 'paymentStrategy/cancel', { orderToken }, 'return'),
      /** A provider's script in the browser failed the payment with a code of spec section 8. */
      fail: (orderToken: string, code: number, message?: string) =>
        signed<'post /paymentStrategy/failure'>(
          'post',
          'paymentStrategy/failure',
          { orderToken, code, ...(message ? { message } : {}) },
          'return',
        ),
      /** Goes on after a shop page: the address confirmed or completed, or the new shipping accepted. */
      resume: (request: PaymentResumeRequest) => signed<'put /paymentStrategy'>('put', 'paymentStrategy', request, 'return'),
      /** Express checkout: the wallet's address and e-mail saved, the cheapest shipping there chosen; the checkout priced. */
      shippingInfo: (paymentMethod: string, request: ExpressShippingInfoRequest) =>
        signed<'post /paymentStrategy/{paymentMethod}/shippingInfo'>(
          'post',
          `paymentStrategy/${path(paymentMethod)}/shippingInfo`,
          request,
          'express',
        ),
      /**
       * The test wallet's payment sheet (its provider's own route, not one of the API's calls): its
       * account's e-mail and address, and a one-time approval token for the method.
       */
      walletSheet: (paymentMethodCode: string) =>
        call<WalletSheet>('post', 'payment-providers/test-wallet/sheet', {}, { paymentMethodCode }),
      /** What a method takes for this checkout, and a pay-later method's plan. */
      prePay: (checkoutToken: string, paymentMethodCode: string) =>
        signed<'post /paymentStrategy/prePay'>('post', 'paymentStrategy/prePay', { checkoutToken, paymentMethodCode }),
      /** The banks an iDEAL payment is made with (its bank selection). */
      idealBanks: () => send<'get /paymentStrategy/airwallexIdealBanks'>('get', 'paymentStrategy/airwallexIdealBanks'),
      /** Pays a one-click offer after the shop's checkout with the main order's payment (spec: paymentStrategy/upsell). */
      acceptOffer: (request: ShopOfferAcceptRequest) =>
        signed<'post /paymentStrategy/upsell'>('post', 'paymentStrategy/upsell', request, 'upsell'),
      /** Declines it (spec: paymentStrategy/cancelUpsell): its held stock goes back. */
      declineOffer: (token: string) =>
        signed<'post /paymentStrategy/cancelUpsell'>('post', 'paymentStrategy/cancelUpsell', { token }, 'upsell'),
      /** Logs a failure of the browser's payment code on the server; never throws. */
      logFailure: (payload: Record<string, unknown>, type: 'error' | 'warn' | 'info' = 'error') =>
        post<'post /paymentStrategy/failureLog'>('paymentStrategy/failureLog', { type, payload }).catch(() => null),
    },
    orders: {
      /** By the buyer's order token (never by a guessable id). */
      get: (token: string) =>
        send<'get /multicurrency/general/order/{token}'>('get', `multicurrency/general/order/${path(token)}`),
      status: (token: string) =>
        send<'get /multicurrency/general/order/{token}/ckstatus'>('get', `multicurrency/general/order/${path(token)}/ckstatus`),
      tracking: (number: string) => send<'get /orders/tracking'>('get', 'orders/tracking', { number }),
      trackingOf: (token: string) => send<'get /orders/{token}/tracking'>('get', `orders/${path(token)}/tracking`),
      /** By order number and the email it was placed with (5010 when they do not match). */
      trackingByOrder: (orderNumber: string, email: string) =>
        post<'post /orders/tracking'>('orders/tracking', { orderNumber, email }),
    },
  };
}

/** The data and bodies of some calls, by the names the renderer knows them by. */
type Checkout = Answer<'get /multicurrency/general/checkout/{token}'>;
type CheckoutUpdate = BodyOf<'post /multicurrency/asyncPayInfoSave'>;
type CreateOrderRequest = BodyOf<'post /payment/create-order'>;
type OfferAnswerRequest = BodyOf<'post /multicurrency/upsell'>;
type PaymentResumeRequest = BodyOf<'put /paymentStrategy'>;
type ExpressShippingInfoRequest = BodyOf<'post /paymentStrategy/{paymentMethod}/shippingInfo'>;
type ProductListQuery = QueryOf<'get /multicurrency/products/keySearch'>;

/** What the test wallet's sheet hands the shop (server/payments/simulated/wallet/provider.ts). */
export interface WalletSheet {
  token: string;
  paymentMethodCode: string;
  email: string;
  address: CheckoutAddress;
}

export type ApiClient = ReturnType<typeof createApiClient>;
