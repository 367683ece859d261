// The one API client of the renderer (ky). On the server it calls the Hono app in-process (no socket);
// in the browser it calls /api over HTTP. Calls return the envelope's data or throw an ApiError.
// Every call carries the language header and the visitor's currency (spec section 7); cart calls
// carry the visitor id (customerUUID).
import type { KyInstance } from 'ky';
import type {
  AppConfig,
  EvergreenDeadline,
  FunnelLocation,
  LiveFunnel,
  FunnelCheckoutRequest,
  OfferAnswer,
  OfferAnswerRequest,
  OfferValidity,
  PaymentMethod,
  CardToken,
  CardTokenRequest,
  Cart,
  Checkout,
  CheckoutToken,
  CheckoutUpdate,
  Country,
  CreateOrderRequest,
  CheckoutAddress,
  ExpressShippingInfoRequest,
  IdealBank,
  Order,
  OrderStatus,
  PaymentMethodList,
  PredictiveSearch,
  PaymentOutcome,
  PaymentResumeRequest,
  PrePayAnswer,
  FailureLogged,
  Province,
  RecoveredCheckout,
  RecoveryOptOut,
  ShippingInsuranceSettings,
  ShippingOption,
  TipSettings,
  Tracking,
  ZipCheck,
  CartQuantity,
  Collection,
  DictEntry,
  Menu,
  PageSummary,
  FunnelStepView,
  PageView,
  Product,
  ProductList,
  ProductSort,
  Promotion,
  ReviewList,
  ReviewStatistics,
  SinglePromotionResult,
  Site,
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
    method: 'get' | 'post' | 'put' | 'delete',
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
  const get = <T>(path: string, params?: Params): Promise<T> =>
    memo
      ? (memo(`${path}?${JSON.stringify(params ?? {})}`, () => call<T>('get', path, params)) as Promise<T>)
      : call<T>('get', path, params);
  const post = <T>(path: string, json: unknown) => call<T>('post', path, {}, json);
  /** A payment call: signed (schemas/payment-signature.ts) from the checkout step it is sent from. */
  const signed = async <T>(method: 'post' | 'put', path: string, json: object, step = 'payment') => {
    const { signatureParams } = await import('./sign-payment');
    const query = await signatureParams({ origin: options.origin, visitor: options.visitorId ?? '', body: json, step });
    return call<T>(method, path, { ...query }, json);
  };
  const path = (value: string) => encodeURIComponent(value);

  return {
    site: () => get<Site>('site'),
    menus: () => get<Menu[]>('menu/list'),
    paymentIcons: () => get<DictEntry[]>('dict/detail/CREDIT_CARD_ICON'),
    apps: () => get<AppConfig[]>('app/config/used'),
    // Never kept: it carries the server's clock (countdowns); its block data is kept per page version.
    pageView: (handle: string, preview?: string) => call<PageView>('get', `pageView/${path(handle)}`, preview ? { preview } : {}),
    // Never kept either: a step of a funnel with its page's view.
    // With the main order's token on the steps after the checkout (an offer is shown to that buyer).
    // `visitor`: named by the server's renderer, whose calls carry no visitor of their own (the
    // browser's carry it as customerUUID).
    funnelStep: (handle: string, pageId?: string, order?: string, _visitor?: string, preview?: string) =>
      call<FunnelStepView>('get', `multicurrency/funnel/${path(handle)}`, {
        ...(pageId ? { pageId } : {}),
        ...(order ? { order } : {}),
        ...(preview ? { preview } : {}),
      }),
    // A funnel's own calls: never kept, each is one shopper's.
    funnel: {
      /** Starts the funnel's checkout with the products chosen, or changes them (checkoutToken); priced. */
      checkout: (request: Omit<FunnelCheckoutRequest, 'lines'> & { lines: { skuId: number; quantity: number }[] }) =>
        post<Checkout>('multicurrency/calculatePrice', request),
      /** The payment methods of funnel checkouts (funnelTag). */
      methods: () => call<PaymentMethod[]>('get', 'funnel/checkout/paymentMethodList'),
      /** Accepts or declines a one-click offer; where the shopper goes next. */
      answerOffer: (request: OfferAnswerRequest) => post<OfferAnswer>('multicurrency/upsell', request),
      /** A step of a live funnel by id or type (checklocation); 404 when it has none. */
      location: (handle: string, query: { pageId?: string; type?: string }) =>
        call<FunnelLocation>('get', `location/${path(handle)}/checklocation`, query),
      /** Where the buyer of an order goes next in its funnel (nextlocation), or its first step of a type. */
      afterOrder: (orderToken: string, type?: string) =>
        call<FunnelLocation>('get', `location/${path(orderToken)}/nextlocation`, type ? { type } : {}),
      /** The live funnels and their checkout (funnel/test/test: the test checkout page). */
      live: () => call<LiveFunnel[]>('get', 'funnel/test/test'),
      /** The visitor's own deadline of an evergreen countdown (page and block). */
      evergreen: (page: string, block: string) => post<EvergreenDeadline>('countdown/evergreen', { page, block }),
      /** Whether an offer can still be accepted (spec: validateTime). */
      validity: (token: string) => call<OfferValidity>('get', 'funnel/checkout/upsell/validateTime', { token }),
    },
    pages: () => get<PageSummary[]>('themePage'),
    products: {
      list: (query: ListingQuery) => get<ProductList>('multicurrency/products', listingParams(query)),
      search: (query: ListingQuery & { q: string }) => get<ProductList>('multicurrency/products/keySearch', listingParams(query)),
      byHandle: (handle: string) => get<Product>(`multicurrency/products/handle/${path(handle)}`),
      sames: (handle: string, limit = 8) => get<ProductList>(`multicurrency/products/handle/${path(handle)}/sames`, { limit }),
      /** The search box's suggestions for the words typed so far (not kept: each keystroke asks anew). */
      predictive: (q: string, limit?: number) => call<PredictiveSearch>('get', 'multicurrency/search/predictive', { q, limit }),
    },
    collection: (handle: string) => get<Collection>(`product-categories/handle/${path(handle)}`),
    reviews: {
      list: (handle: string, sort: 'featured' | 'newest', limit: number, offset = 0) =>
        get<ReviewList>('product-comments', { handle, sort, limit, offset }),
      statistics: (handle: string) => get<ReviewStatistics>('product-comments/statistics', { handle }),
    },
    promotions: {
      forProduct: (handle: string) => get<Promotion[]>('multicurrency/promotions/promotion/active', { handle }),
      single: (skuId: number, quantity: number) =>
        post<SinglePromotionResult>('multicurrency/singlePromotion', { skuId, quantity }),
    },
    cart: {
      quantity: () => get<CartQuantity>('shopping-carts/quantity'),
      add: (skuId: number, quantity: number) => post<CartQuantity>('shopping-carts', { skuId, quantity }),
      /**
       * Never kept: the cart is the visitor's own and changes with every call. `visitor` names whose, for
       * a client without a visitor of its own (the server's, rendering the private cart page).
       */
      get: (visitor?: string) =>
        call<Cart>('get', 'multicurrency/shopping-carts', {}, undefined, visitor ? { customerUUID: visitor } : undefined),
      /** Adds several SKUs at once (a bundle's "add all"): all or none. */
      addAll: (items: { skuId: number; quantity: number }[]) => post<CartQuantity>('shopping-carts/saveProducts', { items }),
      setQuantity: (lineId: number, quantity: number) => post<Cart>(`multicurrency/shopping-carts/${lineId}`, { quantity }),
      remove: (lineId: number) => call<Cart>('delete', `multicurrency/shopping-carts/${lineId}`),
      /** The free gift the shopper picks (one per cart). */
      addGift: (skuId: number) => post<Cart>('shopping-carts/gift', { skuId }),
      removeGift: (skuId: number) => call<Cart>('delete', `shopping-carts/gift/${skuId}`),
      applyCoupon: (code: string) => post<Cart>('multicurrency/general/coupon', { code }),
      removeCoupon: () => call<Cart>('delete', 'coupon'),
    },
    // The checkout's calls are never kept: each is one shopper's own.
    checkout: {
      /** From the cart, or "buy now" of one item (the cart is left as it is). */
      start: (buyNow?: { skuId: number; quantity: number }) =>
        post<CheckoutToken>('multicurrency/general/checkout', buyNow ? { buyNow } : {}),
      get: (token: string) => call<Checkout>('get', `multicurrency/general/checkout/${path(token)}`),
      /** Saves what the shopper told (the fields given); a 400 names each bad field with its rule. */
      save: (update: CheckoutUpdate) => post<Checkout>('multicurrency/asyncPayInfoSave', update),
      saveAll: (update: CheckoutUpdate) => post<Checkout>('multicurrency/general/checkout-onepage', update),
      applyCoupon: (checkoutToken: string, code: string) =>
        post<Checkout>('multicurrency/general/coupon', { code, checkoutToken }),
      removeCoupon: (checkoutToken: string) => call<Checkout>('delete', 'coupon', { checkoutToken }),
      /** Priced for the checkout when its token is given (buy now is not the cart), else for the cart. */
      shippingOptions: (countryCode: string, provinceCode?: string, checkoutToken?: string) =>
        call<ShippingOption[]>('get', 'multicurrency/general/shipping-template', { countryCode, provinceCode, checkoutToken }),
      countries: () => get<Country[]>('shipping-template/country'),
      provinces: (countryCode: string) => get<Province[]>('districts/getProvince', { countryCode }),
      checkZip: (countryCode: string, zip: string) => call<ZipCheck>('get', 'base-districts/check/zip', { countryCode, zip }),
      tip: () => get<TipSettings>('multicurrency/additional/tip'),
      insurance: () => get<ShippingInsuranceSettings>('multicurrency/additional/shippingInsurance'),
      /** Restores an abandoned checkout from the link of its recovery mail. */
      recover: (key: string) => post<RecoveredCheckout>(`checkout/recovering/${path(key)}`, {}),
      /** Stops the reminder mails of that checkout's email (the mail's "stop these reminders" link). */
      optOut: (key: string) => post<RecoveryOptOut>(`checkout/recovering/${path(key)}/optout`, {}),
    },
    payments: {
      /** The spec's own shape, not the envelope: on failure both lists are empty. */
      methods: () => paymentMethods(),
      /** The test card provider's own endpoint: the card goes there, never to the order API. */
      tokenizeCard: (card: CardTokenRequest) => post<CardToken>('payment-providers/test-card/tokens', card),
      /** Places the checkout's order (or takes the one waiting) and pays it; a decline throws its 800xx code. */
      createOrder: (request: CreateOrderRequest) => signed<PaymentOutcome>('post', 'payment/create-order', request),
      /** The same for a funnel's checkout (spec: funnel-buy): paid, the shopper goes on to the funnel's next step. */
      funnelBuy: (request: CreateOrderRequest) => signed<PaymentOutcome>('post', 'multicurrency/funnel-buy', request),
      /** Back from a provider's page (or asking again): how the order's payment stands, and where to go. */
      confirm: (orderToken: string, step = 'return') =>
        signed<PaymentOutcome>('post', 'paymentStrategy/confirm', { orderToken }, step),
      threeDs: (orderToken: string) => signed<PaymentOutcome>('post', 'paymentStrategy/threeDs', { orderToken }, 'threeDs'),
      /** The shopper gave up at the provider: the order stays payable. */
      cancel: (orderToken: string) => signed<PaymentOutcome>('post', 'paymentStrategy/cancel', { orderToken }, 'return'),
      /** A provider's script in the browser failed the payment with a code of spec section 8. */
      fail: (orderToken: string, code: number, message?: string) =>
        signed<PaymentOutcome>(
          'post',
          'paymentStrategy/failure',
          { orderToken, code, ...(message ? { message } : {}) },
          'return',
        ),
      /** Goes on after a shop page: the address confirmed or completed, or the new shipping accepted. */
      resume: (request: PaymentResumeRequest) => signed<PaymentOutcome>('put', 'paymentStrategy', request, 'return'),
      /** Express checkout: the wallet's address and e-mail saved, the cheapest shipping there chosen; the checkout priced. */
      shippingInfo: (paymentMethod: string, request: ExpressShippingInfoRequest) =>
        signed<Checkout>('post', `paymentStrategy/${path(paymentMethod)}/shippingInfo`, request, 'express'),
      /** The test wallet's payment sheet: its account's e-mail and address, and a one-time approval token for the method. */
      walletSheet: (paymentMethodCode: string) => post<WalletSheet>('payment-providers/test-wallet/sheet', { paymentMethodCode }),
      /** What a method takes for this checkout, and a pay-later method's plan. */
      prePay: (checkoutToken: string, paymentMethodCode: string) =>
        signed<PrePayAnswer>('post', 'paymentStrategy/prePay', { checkoutToken, paymentMethodCode }),
      /** The banks an iDEAL payment is made with (its bank selection). */
      idealBanks: () => call<IdealBank[]>('get', 'paymentStrategy/airwallexIdealBanks'),
      /** Logs a failure of the browser's payment code on the server; never throws. */
      logFailure: (payload: Record<string, unknown>, type: 'error' | 'warn' | 'info' = 'error') =>
        post<FailureLogged>('paymentStrategy/failureLog', { type, payload }).catch(() => null),
    },
    orders: {
      /** By the buyer's order token (never by a guessable id). */
      get: (token: string) => call<Order>('get', `multicurrency/general/order/${path(token)}`),
      status: (token: string) => call<OrderStatus>('get', `multicurrency/general/order/${path(token)}/ckstatus`),
      tracking: (number: string) => call<Tracking>('get', 'orders/tracking', { number }),
      trackingOf: (token: string) => call<Tracking>('get', `orders/${path(token)}/tracking`),
      /** By order number and the email it was placed with (5010 when they do not match). */
      trackingByOrder: (orderNumber: string, email: string) => post<Tracking>('orders/tracking', { orderNumber, email }),
    },
  };
}

/** What the test wallet's sheet hands the shop (server/payments/simulated/wallet/provider.ts). */
export interface WalletSheet {
  token: string;
  paymentMethodCode: string;
  email: string;
  address: CheckoutAddress;
}

export type ApiClient = ReturnType<typeof createApiClient>;
