// GET /api/openapi.json: an OpenAPI 3.1 document of the shop API, made from the same payload schemas
// (schemas/api.schema.json, schemas/page.schema.json) the requests are validated with: which schema a
// call's query or body has is read from its route (the validate middleware names it), the table below
// only adds what a person reads (summary, group, answer). The table is checked against the routes the
// app really serves (openapi.test.ts).
import type { RouterRoute } from 'hono/types';
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import funnelSchema from '../../schemas/funnel.schema.json' with { type: 'json' };
import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };
import type { Validates } from './validate';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path with {params}, under /api. */
  path: string;
  summary: string;
  tag:
    | 'Site and content'
    | 'Products'
    | 'Cart'
    | 'Checkout'
    | 'Payment'
    | 'Orders'
    | 'Funnels'
    | 'Pages (merchant)'
    | 'Funnels (merchant)';
  /** $defs name of the envelope's data, or an array of it ("Menu[]"). */
  response: string;
  merchant?: boolean;
  /** The answer is the response schema itself, not the envelope (the spec's payment-method list). */
  bare?: boolean;
  /** Answered 204 with no body, whatever was sent (the CSP report endpoint). */
  noContent?: boolean;
  /** A body read by the route itself, not as JSON: its $defs name and the content types it is sent as. */
  rawBody?: { def: string; contentTypes: string[] };
}

const list = (name: string) => `${name}[]`;

export const operations: Operation[] = [
  { method: 'get', path: '/site', tag: 'Site and content', summary: 'Site info (spec section 3)', response: 'Site' },
  {
    method: 'patch',
    path: '/site',
    tag: 'Site and content',
    summary: 'Changes site settings (the checkout style); answers the site',
    response: 'Site',
    merchant: true,
  },
  {
    method: 'get',
    path: '/app/config/used',
    tag: 'Site and content',
    summary: 'Used apps whose status is ON',
    response: list('AppConfig'),
  },
  { method: 'get', path: '/themePage', tag: 'Site and content', summary: 'Theme pages', response: list('PageSummary') },
  {
    method: 'get',
    path: '/themePage/detail/{id}/pageCode/{pageCode}',
    tag: 'Site and content',
    summary: 'A theme page as stored',
    response: 'PageDocument',
  },
  {
    method: 'get',
    path: '/pageConfig/handle/{handle}',
    tag: 'Site and content',
    summary: 'A live page, validated, defaults filled in',
    response: 'PageConfig',
  },
  {
    method: 'get',
    path: '/pageView/{handle}',
    tag: 'Site and content',
    summary: 'A page ready to render: page, block data, server clock',
    response: 'PageView',
  },
  {
    method: 'get',
    path: '/multicurrency/funnel/{handle}',
    tag: 'Site and content',
    summary: 'A step of a live funnel (pageId, else the first) with its page ready to render',
    response: 'FunnelStepView',
  },
  { method: 'get', path: '/menu/list', tag: 'Site and content', summary: 'Menus (main, footer)', response: list('Menu') },
  {
    method: 'get',
    path: '/dict/detail/CREDIT_CARD_ICON',
    tag: 'Site and content',
    summary: 'Payment icons',
    response: list('DictEntry'),
  },
  { method: 'get', path: '/dict/{code}', tag: 'Site and content', summary: 'A dictionary', response: list('DictEntry') },
  {
    method: 'get',
    path: '/cookieConfig/list',
    tag: 'Site and content',
    summary: 'Cookie consent categories',
    response: list('CookieCategory'),
  },
  {
    method: 'get',
    path: '/countries',
    tag: 'Site and content',
    summary: 'Countries the shop delivers to',
    response: list('Country'),
  },
  {
    method: 'get',
    path: '/districts/getProvince',
    tag: 'Site and content',
    summary: 'Provinces of a country',
    response: list('Province'),
  },
  {
    method: 'get',
    path: '/base-districts/check/zip',
    tag: 'Site and content',
    summary: 'Checks a postcode',
    response: 'ZipCheck',
  },
  {
    method: 'get',
    path: '/products',
    tag: 'Products',
    summary: 'Products of a collection, sorted, filtered, paged',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/multicurrency/products',
    tag: 'Products',
    summary: 'The same, in the asked currency',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/multicurrency/search/predictive',
    tag: 'Products',
    summary: 'Suggestions as the shopper types: products and collections (the last word is a prefix)',
    response: 'PredictiveSearch',
  },
  {
    method: 'get',
    path: '/multicurrency/products/keySearch',
    tag: 'Products',
    summary: 'Search (q required)',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/multicurrency/products/tradeProductDay/latest/{sortColumn}',
    tag: 'Products',
    summary: 'Bestsellers: sortColumn total, week or today',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/products/handles/simpleInfo',
    tag: 'Products',
    summary: 'Product cards by handles, in their order',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/products/{handle}',
    tag: 'Products',
    summary: 'A product (5001: none; 5006: removed from shelf)',
    response: 'Product',
  },
  {
    method: 'get',
    path: '/multicurrency/products/handle/{handle}',
    tag: 'Products',
    summary: 'A product in the asked currency',
    response: 'Product',
  },
  {
    method: 'get',
    path: '/multicurrency/products/handle/{handle}/sames',
    tag: 'Products',
    summary: 'You may also like',
    response: 'ProductList',
  },
  {
    method: 'get',
    path: '/products/{x}/getProductImages',
    tag: 'Products',
    summary: 'Images of a product (id or handle)',
    response: 'ProductImages',
  },
  {
    method: 'get',
    path: '/product-categories/handle/{handle}',
    tag: 'Products',
    summary: 'A collection',
    response: 'Collection',
  },
  {
    method: 'get',
    path: '/product-comments',
    tag: 'Products',
    summary: 'Reviews of a product',
    response: 'ReviewList',
  },
  {
    method: 'get',
    path: '/product-comments/statistics',
    tag: 'Products',
    summary: 'Review count and stars',
    response: 'ReviewStatistics',
  },
  {
    method: 'get',
    path: '/multicurrency/promotions/promotion/active',
    tag: 'Products',
    summary: 'Active promotions (of a product)',
    response: list('Promotion'),
  },
  {
    method: 'post',
    path: '/multicurrency/singlePromotion',
    tag: 'Products',
    summary: 'Price of a quantity of a SKU',
    response: 'SinglePromotionResult',
  },
  {
    method: 'get',
    path: '/shopping-carts/quantity',
    tag: 'Cart',
    summary: 'Items in the visitor cart',
    response: 'CartQuantity',
  },
  {
    method: 'post',
    path: '/shopping-carts',
    tag: 'Cart',
    summary: 'Adds a SKU to the visitor cart',
    response: 'CartQuantity',
  },
  {
    method: 'post',
    path: '/shopping-carts/saveProducts',
    tag: 'Cart',
    summary: 'Adds several SKUs at once (all or none)',
    response: 'CartQuantity',
  },
  {
    method: 'post',
    path: '/shopping-carts/skus/calculatePromotePrice',
    tag: 'Cart',
    summary: 'Prices SKUs with the active promotions, without a cart',
    response: 'PromotePrice',
  },
  {
    method: 'get',
    path: '/multicurrency/shopping-carts',
    tag: 'Cart',
    summary: 'The visitor cart, priced with promotions and hints; sold-out lines taken out',
    response: 'Cart',
  },
  {
    method: 'post',
    path: '/multicurrency/shopping-carts/{id}',
    tag: 'Cart',
    summary: "Sets a line's quantity (1 to the stock); answers the cart",
    response: 'Cart',
  },
  {
    method: 'post',
    path: '/multicurrency/general/coupon',
    tag: 'Cart',
    summary: 'Puts a discount code on the cart (400: none or not valid; 5005: minimum spend not reached); answers the cart',
    response: 'Cart',
  },
  { method: 'delete', path: '/coupon', tag: 'Cart', summary: 'Takes the discount code off; answers the cart', response: 'Cart' },
  {
    method: 'delete',
    path: '/multicurrency/shopping-carts/{id}',
    tag: 'Cart',
    summary: 'Takes a line out; answers the cart',
    response: 'Cart',
  },
  {
    method: 'post',
    path: '/shopping-carts/gift',
    tag: 'Cart',
    summary:
      'Picks the free gift (400: not a gift; 5005: spend not reached; 5003: sold out; 5004: the cart has one); answers the cart',
    response: 'Cart',
  },
  {
    method: 'delete',
    path: '/shopping-carts/gift/{id}',
    tag: 'Cart',
    summary: 'Takes the free gift (its SKU id) out, idempotently; answers the cart',
    response: 'Cart',
  },
  {
    method: 'post',
    path: '/multicurrency/general/checkout',
    tag: 'Checkout',
    summary: 'Starts a checkout from the cart, or of one item (buy now); answers its token',
    response: 'CheckoutToken',
  },
  {
    method: 'post',
    path: '/multicurrency/general/checkout-onepage',
    tag: 'Checkout',
    summary: 'Saves contact, addresses, shipping, insurance and tip (each field checked); answers the checkout',
    response: 'Checkout',
  },
  {
    method: 'post',
    path: '/multicurrency/asyncPayInfoSave',
    tag: 'Checkout',
    summary: 'The same, saved while the shopper types',
    response: 'Checkout',
  },
  {
    method: 'get',
    path: '/multicurrency/general/checkout/{token}',
    tag: 'Checkout',
    summary: 'A checkout, priced anew (5009: no such token)',
    response: 'Checkout',
  },
  {
    method: 'get',
    path: '/multicurrency/general/shipping-template',
    tag: 'Checkout',
    summary: "Ways of shipping to a destination, priced for the visitor's cart (5007: none)",
    response: list('ShippingOption'),
  },
  {
    method: 'get',
    path: '/shipping-template/country',
    tag: 'Checkout',
    summary: 'Countries the shop ships to',
    response: list('Country'),
  },
  { method: 'get', path: '/multicurrency/additional/tip', tag: 'Checkout', summary: 'The tip on offer', response: 'TipSettings' },
  {
    method: 'get',
    path: '/multicurrency/additional/shippingInsurance',
    tag: 'Checkout',
    summary: 'The shipping insurance on offer',
    response: 'ShippingInsuranceSettings',
  },
  {
    method: 'post',
    path: '/checkout/recovering/{key}',
    tag: 'Checkout',
    summary:
      "Restores an abandoned checkout from its reminder's link: its lines back in the visitor's cart (sold-out ones left out and listed); where to go on (5009: no such key)",
    response: 'RecoveredCheckout',
  },
  {
    method: 'post',
    path: '/checkout/recovering/{key}/optout',
    tag: 'Checkout',
    summary: "Stops the reminders of that checkout's email (5009: no such key)",
    response: 'RecoveryOptOut',
  },
  {
    method: 'get',
    path: '/payment-methods/list',
    tag: 'Payment',
    summary: 'The payment methods (spec shape { success, result }, not the envelope; both lists empty on failure)',
    response: 'PaymentMethodList',
    bare: true,
  },
  {
    method: 'post',
    path: '/payment-providers/test-card/tokens',
    tag: 'Payment',
    summary: "The test card provider's own endpoint: a card becomes a token (the only call that receives a card number)",
    response: 'CardToken',
  },
  {
    method: 'post',
    path: '/multicurrency/calculatePrice',
    tag: 'Funnels',
    summary:
      "Starts a funnel's checkout with the products chosen in its funnel-checkout block (or changes an open one's); answers it priced",
    response: 'Checkout',
  },
  {
    method: 'get',
    path: '/funnel/checkout/paymentMethodList',
    tag: 'Funnels',
    summary: 'The payment methods of funnel checkouts (funnelTag)',
    response: list('PaymentMethod'),
  },
  {
    method: 'post',
    path: '/multicurrency/funnel-buy',
    tag: 'Funnels',
    summary: "Pays a funnel's checkout (signed, idempotent); paid, `next` is the funnel's next step",
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/multicurrency/upsell',
    tag: 'Funnels',
    summary:
      'Accepts or declines a one-click offer (OfferAnswerRequest as JSON, or a plain form answered with a 303 to the next step); the first answer is replayed',
    response: 'OfferAnswer',
  },
  {
    method: 'get',
    path: '/location/{x}/nextlocation',
    tag: 'Funnels',
    summary:
      "The step after a funnel's step (x: the funnel's handle, with pageId or type), or where an order's buyer goes next (x: the order's token)",
    response: 'FunnelLocation',
  },
  {
    method: 'get',
    path: '/location/{x}/tks',
    tag: 'Funnels',
    summary: "The thank-you step of a funnel (x: its handle) or of an order's funnel (x: the order's token)",
    response: 'FunnelLocation',
  },
  {
    method: 'get',
    path: '/location/{x}/checklocation',
    tag: 'Funnels',
    summary: 'A step of a live funnel by id or type (404: not in the live funnel)',
    response: 'FunnelLocation',
  },
  {
    method: 'get',
    path: '/funnel/{x}/prevLocation',
    tag: 'Funnels',
    summary: 'The step that leads to a step (pageId), for a back link',
    response: 'FunnelLocation',
  },
  {
    method: 'get',
    path: '/funnel/skus/detail',
    tag: 'Funnels',
    summary: 'Products with their SKUs and prices, by handle (at most 10)',
    response: list('Product'),
  },
  {
    method: 'get',
    path: '/funnel/test/test',
    tag: 'Funnels',
    summary: 'The live funnels and their checkout step (the test checkout page)',
    response: list('LiveFunnel'),
  },
  {
    method: 'get',
    path: '/funnel/{handle}/funnelProducts',
    tag: 'Funnels',
    summary: "The products of the funnel's checkout step, as its funnel-checkout block starts them",
    response: list('FunnelProduct'),
  },
  {
    method: 'get',
    path: '/orders/funnel/{funnelId}/recentOrder',
    tag: 'Funnels',
    summary: "The visitor's latest paid order in a funnel (404: none)",
    response: 'FunnelRecentOrder',
  },
  {
    method: 'post',
    path: '/multicurrency/shippingTemplate',
    tag: 'Funnels',
    summary: 'The ways of shipping a funnel checkout to a destination, priced',
    response: list('ShippingOption'),
  },
  {
    method: 'post',
    path: '/countdown/evergreen',
    tag: 'Funnels',
    summary: "A visitor's deadline of an evergreen countdown (set at their first visit, kept by the server)",
    response: 'EvergreenDeadline',
  },
  {
    method: 'get',
    path: '/funnel/checkout/upsell/validateTime',
    tag: 'Funnels',
    summary: "Whether an offer can still be accepted, by the server's clock",
    response: 'OfferValidity',
  },
  {
    method: 'post',
    path: '/payment/create-order',
    tag: 'Payment',
    summary:
      "Places the checkout's order (or takes the one waiting) and pays it; a decline answers its 800xx code and leaves the order payable",
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy',
    tag: 'Payment',
    summary: 'Pays a checkout with any method (signed, idempotent); the answer says where the shopper goes next',
    response: 'PaymentOutcome',
  },
  {
    method: 'put',
    path: '/paymentStrategy',
    tag: 'Payment',
    summary: 'Goes on with a payment waiting on a shop page: the address confirmed or completed, the new shipping accepted',
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/confirm',
    tag: 'Payment',
    summary: "Back from the provider's page: asks the provider how the payment stands and settles the order once",
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/threeDs',
    tag: 'Payment',
    summary: 'Confirms a card payment after its 3-D Secure challenge (80003 when the challenge failed)',
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/cancel',
    tag: 'Payment',
    summary: 'The shopper canceled at the provider: the payment ends, the order stays payable',
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/failure',
    tag: 'Payment',
    summary: "A provider's browser script failed the payment with a code of spec section 8",
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/prePay',
    tag: 'Payment',
    summary: "What a method will take for a checkout, and a pay-later method's installment plan",
    response: 'PrePayAnswer',
  },
  {
    method: 'post',
    path: '/paymentStrategy/getOceanOrderHandle',
    tag: 'Payment',
    summary: "The order and next page of a provider's payment reference (channelOrderId)",
    response: 'PaymentOutcome',
  },
  {
    method: 'post',
    path: '/paymentStrategy/{paymentMethod}/shippingInfo',
    tag: 'Payment',
    summary:
      "Express checkout: saves the wallet's address and e-mail on the checkout, chooses the cheapest shipping there, answers the checkout with its totals (5007: no shipping to that country)",
    response: 'Checkout',
  },
  {
    method: 'post',
    path: '/paymentStrategy/failureLog',
    tag: 'Payment',
    summary: "Logs a failure of the browser's payment code (spec: the payment-strategy failure log call)",
    response: 'FailureLogged',
  },
  {
    method: 'get',
    path: '/paymentStrategy/airwallexIdealBanks',
    tag: 'Payment',
    summary: 'The iDEAL banks a shopper chooses from (the bank of a payment request by iDEAL)',
    response: list('IdealBank'),
  },
  {
    method: 'post',
    path: '/stripe/create-payment',
    tag: 'Payment',
    summary:
      "Stripe Payment Element: the client secret of the order's waiting Stripe payment and the publishable key (7005 when Stripe's keys are not set)",
    response: 'StripePayment',
  },
  {
    method: 'post',
    path: '/payment-providers/{provider}/webhook',
    tag: 'Payment',
    summary:
      "A provider's webhook: verified by the provider (signature over the raw body, timestamp), settles the payment it names once",
    response: 'WebhookReceived',
  },
  {
    method: 'post',
    path: '/csp-report',
    tag: 'Site and content',
    summary:
      "A browser's Content-Security-Policy violation report (report-uri and the Reporting API): logged, bounded (16 KB, 60 lines a minute)",
    response: 'Null',
    noContent: true,
    rawBody: { def: 'CspReport', contentTypes: ['application/csp-report', 'application/reports+json'] },
  },
  {
    method: 'get',
    path: '/csp-report',
    tag: 'Site and content',
    summary: 'The latest Content-Security-Policy violations browsers reported to this server process, newest first',
    response: list('CspViolation'),
    merchant: true,
  },
  {
    method: 'get',
    path: '/multicurrency/general/order/{token}',
    tag: 'Orders',
    summary: 'An order, by its token (5010: none)',
    response: 'Order',
  },
  {
    method: 'get',
    path: '/multicurrency/general/order/{token}/ckstatus',
    tag: 'Orders',
    summary: 'Payment and fulfillment status of an order',
    response: 'OrderStatus',
  },
  {
    method: 'put',
    path: '/orders/{token}/updateShipping',
    tag: 'Orders',
    summary: 'Corrects the shipping address before the order ships (8002 once it has); answers the order',
    response: 'Order',
  },
  { method: 'get', path: '/orders/tracking', tag: 'Orders', summary: 'Tracking by tracking number', response: 'Tracking' },
  {
    method: 'post',
    path: '/orders/tracking',
    tag: 'Orders',
    summary: 'Tracking by order number and the email of the order (5010 when they do not match)',
    response: 'Tracking',
  },
  { method: 'get', path: '/orders/{token}/tracking', tag: 'Orders', summary: 'Tracking of an order', response: 'Tracking' },
  {
    method: 'get',
    path: '/orders/getOrderFbEventLog',
    tag: 'Orders',
    summary: 'The purchase events recorded for an order',
    response: list('PurchaseEvent'),
  },
  ...(['saveOrderPurchaseEvent', 'updataOrderPurchaseEvent', 'sendFbPurchaseEvent'] as const).map(
    (kind): Operation => ({
      method: 'post',
      path: `/orders/${kind}`,
      tag: 'Orders',
      summary: 'Records a purchase event of an order (for pixels)',
      response: 'Null',
    }),
  ),
  { method: 'get', path: '/pages', tag: 'Pages (merchant)', summary: 'Pages', response: list('PageSummary'), merchant: true },
  {
    method: 'get',
    path: '/pages/{handle}',
    tag: 'Pages (merchant)',
    summary: 'A page as stored (ETag: version)',
    response: 'PageDocument',
    merchant: true,
  },
  {
    method: 'put',
    path: '/pages/{handle}',
    tag: 'Pages (merchant)',
    summary: 'Stores the next version (If-Match: version), or with ?draft=1 a draft that is not live',
    response: 'SavedPage',
    merchant: true,
  },
  {
    method: 'get',
    path: '/pages/{handle}/versions',
    tag: 'Pages (merchant)',
    summary: 'Versions, newest first',
    response: list('PageVersion'),
    merchant: true,
  },
  {
    method: 'get',
    path: '/pages/{handle}/versions/{n}',
    tag: 'Pages (merchant)',
    summary: 'One version',
    response: 'PageDocument',
    merchant: true,
  },
  {
    method: 'post',
    path: '/pages/{handle}/versions/{n}/restore',
    tag: 'Pages (merchant)',
    summary: 'Makes version n live again, as a new version',
    response: 'SavedPage',
    merchant: true,
  },
  {
    method: 'post',
    path: '/pages/{handle}/versions/{n}/preview',
    tag: 'Pages (merchant)',
    summary: 'A signed link showing version n (a draft, say) until it expires (24 h)',
    response: 'PreviewLink',
    merchant: true,
  },
  {
    method: 'get',
    path: '/funnels',
    tag: 'Funnels (merchant)',
    summary: 'Funnels',
    response: list('FunnelSummary'),
    merchant: true,
  },
  {
    method: 'get',
    path: '/funnels/{handle}',
    tag: 'Funnels (merchant)',
    summary: 'A funnel as stored (ETag: version)',
    response: 'FunnelDocument',
    merchant: true,
  },
  {
    method: 'put',
    path: '/funnels/{handle}',
    tag: 'Funnels (merchant)',
    summary: 'Stores the next version (If-Match: version); its pages and products must exist',
    response: 'SavedPage',
    merchant: true,
  },
  {
    method: 'get',
    path: '/funnels/{handle}/stats',
    tag: 'Funnels (merchant)',
    summary: 'Step statistics (views, visitors, orders, conversion, revenue) and each A/B variant’s, over a period',
    response: 'FunnelStats',
    merchant: true,
  },
  {
    method: 'post',
    path: '/funnels/{handle}/winner',
    tag: 'Funnels (merchant)',
    summary: 'Ends the A/B test of the split step by keeping one variant (a new funnel version)',
    response: 'SavedPage',
    merchant: true,
  },
  {
    method: 'get',
    path: '/funnels/{handle}/versions',
    tag: 'Funnels (merchant)',
    summary: 'Versions, newest first',
    response: list('FunnelVersion'),
    merchant: true,
  },
];

/** The payload schemas of a call, as its route's validate middleware names them. */
export interface CallSchemas {
  query?: string;
  body?: string;
}

/** The schemas each route validates with, keyed `get /path/{param}` (as in the table of operations). */
export function routeSchemas(routes: RouterRoute[]): Map<string, CallSchemas> {
  const schemas = new Map<string, CallSchemas>();
  for (const route of routes) {
    const validates = (route.handler as { validates?: Validates }).validates;
    if (!validates) continue;
    const key = `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const call = schemas.get(key) ?? {};
    call[validates.target === 'json' ? 'body' : 'query'] = validates.def;
    schemas.set(key, call);
  }
  return schemas;
}

type Json = unknown;
/** Points JSON-Schema refs at OpenAPI components and drops what only the type generator reads. */
function toComponents(value: Json, defsPrefix = ''): Json {
  if (Array.isArray(value)) return value.map((v) => toComponents(v, defsPrefix));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'tsType' || key === 'errorMessage' || key === '$schema' || key === '$id' || key === '$comment') continue;
      if (key === '$ref' && typeof inner === 'string') {
        // A ref to the shared localized text file is the page's localizedText definition.
        const name = inner === 'localized-text.schema.json' ? 'Page_localizedText' : defsPrefix + inner.replace('#/$defs/', '');
        out[key] = `#/components/schemas/${name}`;
      } else {
        out[key] = toComponents(inner, defsPrefix);
      }
    }
    return out;
  }
  return value;
}

const schemaRef = (name: string) =>
  name.endsWith('[]')
    ? { type: 'array', items: { $ref: `#/components/schemas/${name.slice(0, -2)}` } }
    : { $ref: `#/components/schemas/${name}` };

function queryParameters(def: string) {
  const schema = (
    apiSchema.$defs as Record<string, { properties?: Record<string, Json>; required?: string[]; patternProperties?: Json }>
  )[def]!;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: toComponents(property),
  }));
}

let document: Record<string, unknown> | undefined;

/** `routes`: the API's routes (the schemas of each call are read from them). */
export function openApiDocument(routes: RouterRoute[]): Record<string, unknown> {
  if (document) return document;
  const callSchemas = routeSchemas(routes);
  const { $defs: pageDefs, ...pageRoot } = pageSchema as { $defs: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [name, def] of Object.entries(apiSchema.$defs)) schemas[name] = toComponents(def);
  for (const [name, def] of Object.entries(pageDefs)) schemas[`Page_${name}`] = toComponents(def, 'Page_');
  schemas.Page = toComponents(pageRoot, 'Page_');
  const { $defs: funnelDefs, ...funnelRoot } = funnelSchema as { $defs: Record<string, Json> };
  for (const [name, def] of Object.entries(funnelDefs)) schemas[`Funnel_${name}`] = toComponents(def, 'Funnel_');
  schemas.Funnel = toComponents(funnelRoot, 'Funnel_');
  schemas.PageConfig = {
    type: 'object',
    required: ['id', 'version', 'page'],
    properties: { id: { type: 'integer' }, version: { type: 'integer' }, page: schemaRef('Page') },
  };
  schemas.SavedPage = {
    type: 'object',
    required: ['handle', 'version', 'created'],
    properties: { handle: { type: 'string' }, version: { type: 'integer' }, created: { type: 'boolean' } },
  };
  schemas.Null = { type: 'null', description: 'Nothing: the call was done.' };
  schemas.Error = {
    type: 'object',
    required: ['code', 'message', 'data'],
    description: 'An error: code is the HTTP status for generic faults, a code of spec section 8 otherwise (5001, 8001…).',
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const { query, body } = callSchemas.get(`${op.method} ${op.path}`) ?? {};
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const envelope = {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: { code: { const: 200 }, message: { type: 'string' }, data: schemaRef(op.response) },
    };
    (paths[`/api${op.path}`] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: [
        ...pathParams,
        ...(query ? queryParameters(query) : []),
        { name: 'language', in: 'header', required: false, schema: { type: 'string' }, description: 'Locale code (default en)' },
        ...(op.tag === 'Cart' ||
        op.path === '/multicurrency/general/shipping-template' ||
        op.path === '/multicurrency/general/checkout' ||
        op.path === '/countdown/evergreen' ||
        op.path === '/orders/funnel/{funnelId}/recentOrder' ||
        op.path === '/multicurrency/calculatePrice' ||
        op.path === '/checkout/recovering/{key}'
          ? [{ name: 'customerUUID', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } }]
          : []),
      ],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(body) } } } } : {}),
      ...(op.rawBody
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(op.rawBody.contentTypes.map((type) => [type, { schema: schemaRef(op.rawBody!.def) }])),
            },
          }
        : {}),
      ...(op.merchant ? { security: [{ merchantToken: [] }] } : {}),
      responses: op.noContent
        ? { 204: { description: 'Nothing: always, whatever was sent' } }
        : {
            200: op.bare
              ? { description: 'The answer', content: { 'application/json': { schema: schemaRef(op.response) } } }
              : { description: 'The envelope with the data', content: { 'application/json': { schema: envelope } } },
            default: { description: 'An error in the envelope', content: { 'application/json': { schema: schemaRef('Error') } } },
          },
    };
  }
  document = {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine shop API',
      version: '1',
      description: 'Every body is { code, message, data }. Money is integer minor units with a currency code.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: { schemas, securitySchemes: { merchantToken: { type: 'http', scheme: 'bearer' } } },
  };
  return document;
}
