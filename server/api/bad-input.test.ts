// Bad input is never a fault. Table-driven over every call of the API (as its routes declare it, with
// describeRoute and validate): each path parameter, query parameter, body field and header
// the call reads is replaced, one at a time, by values at and beyond its bounds, of the wrong type,
// empty, huge, null, prototype keys and the NUL character; unknown fields are added. No answer is a
// 5xx, every refusal is in the envelope, and bad input is logged as one line with the request id.
import { readFileSync } from 'node:fs';
import { DEMO_POLICY_VERSION } from '../../test-support/server/purchase-events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import {
  createTestShop,
  MERCHANT_TOKEN,
  merchantHeaders,
  PUBLIC_URL,
  type Driver,
  type TestShop,
} from '../../test-support/server/test-app';
import { newsletterSubscribers } from '../db/forms-schema';
import { mapsOn } from '../../test-support/server/maps-app';
import { formKeys } from '../commerce/forms';
import { unsubscribeLink } from '../commerce/forms/newsletter-links';
import { signatureQuery } from '../../test-support/server/sign';
import { apiCalls, type ApiCall } from '../../test-support/server/api-calls';
import { checkouts } from '../db/checkout-schema';
import { payments } from '../db/payment-schema';
import { cardToken, readyCheckout, shopperOf, TEST_ADDRESS } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createStripeProvider } from '../payments/stripe/provider';
import { startMockStripe, type MockStripe } from '../../test-support/server/mock-stripe';
import { SIGNATURE_HEADER, signBankWebhook } from '../payments/simulated/bank/signature';
import { TEST_BANK_SECRET } from '../../test-support/server/bank';
import { providerExamples } from '../../test-support/server/provider-examples';
import { newCustomer, TEST_PASSWORD, type TestCustomer } from '../../test-support/server/customers';
import { customerOrders } from '../db/customer-schema';
import { orders } from '../db/order-schema';

const operations = apiCalls();

const VISITOR = '0c0ffee0-0000-4000-8000-0000000000ba';

/** A funnel of pages made in beforeAll, for the funnel calls. */
const FUNNEL = {
  handle: 'bad-input-funnel',
  steps: [
    { id: 'checkout', type: 'checkout', page: 'bad-input-checkout', next: 'thanks' },
    {
      id: 'thanks',
      type: 'thank-you',
      page: 'bad-input-thanks',
      variants: [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 1 },
      ],
    },
  ],
};

/** A valid value of each path parameter, so each call first reaches its handler. */
const PATH_EXAMPLES: Record<string, string> = {
  handle: 'linen-shirt',
  x: 'linen-shirt',
  id: '1',
  pageCode: 'home',
  code: 'CREDIT_CARD_ICON',
  sortColumn: 'total',
  n: '1',
  provider: 'test-bank',
  paymentMethod: 'google-pay',
  orderNumber: 'VG-10001',
  orderId: '1',
};
/** Where a handle names something else than a product. */
const PATH_EXAMPLES_BY_OPERATION: Record<string, Record<string, string>> = {
  '/themePage/detail/{id}/pageCode/{pageCode}': { id: 'the home page id, read in beforeAll' },
  '/product-categories/handle/{handle}': { handle: 'apparel' },
  '/app/config/{code}': { code: 'snapchat' },
  '/pageConfig/handle/{handle}': { handle: 'home' },
  '/pageView/{handle}': { handle: 'home' },
  '/pages/{handle}': { handle: 'home' },
  '/pages/{handle}/versions': { handle: 'home' },
  '/pages/{handle}/versions/{n}': { handle: 'home' },
  '/pages/{handle}/versions/{n}/restore': { handle: 'home' },
  '/pages/{handle}/versions/{n}/preview': { handle: 'home' },
  '/funnels/{handle}': { handle: FUNNEL.handle },
  '/funnels/{handle}/versions': { handle: FUNNEL.handle },
  '/multicurrency/funnel/{handle}': { handle: FUNNEL.handle },
  '/funnels/{handle}/stats': { handle: FUNNEL.handle },
  '/funnels/{handle}/winner': { handle: FUNNEL.handle },
  // The demo funnel: the shopper's funnel calls go through its steps.
  '/location/{x}/nextlocation': { x: 'summer-linen' },
  '/location/{x}/tks': { x: 'summer-linen' },
  '/location/{x}/checklocation': { x: 'summer-linen' },
  '/funnel/{x}/prevLocation': { x: 'summer-linen' },
  '/funnel/{handle}/funnelProducts': { handle: 'summer-linen' },
  '/orders/funnel/{funnelId}/recentOrder': { funnelId: 'the demo funnel id, read in beforeAll' },
};
/** A valid query of a call that asks more than its schema does. */
const QUERY_EXAMPLES_BY_OPERATION: Record<string, Record<string, string>> = {
  '/multicurrency/products/keySearch': { q: 'linen' },
};
/** The body of a call that reads its raw body itself (a provider's webhook: set in beforeAll). */
const BODY_EXAMPLES_BY_OPERATION: Record<string, string> = {};
const WEBHOOK = '/payment-providers/{provider}/webhook';
/** A valid query or body of each payload schema. */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  FunnelLocationQuery: { pageId: 'checkout' },
  FunnelSkusQuery: { handles: 'linen-shirt,wool-beanie' },
  FunnelStatsQuery: {},
  FunnelWinnerRequest: { variant: 'a' },
  ConsentChoiceRequest: { analytics: true, advertising: false, version: DEMO_POLICY_VERSION, source: 'banner' },
  IntegrationsQuery: { path: '/' },
  ConsentRecordsQuery: { visitorId: '0b7e2b54-3f0e-4c4e-9a59-1c2d3e4f5a6b' },
  // The demo's own categories: the policy's version stays the one the consent example names.
  CookieCategoriesUpdate: {
    categories: (
      JSON.parse(readFileSync(new URL('../../fixtures/cookie-config.json', import.meta.url), 'utf8')) as {
        code: string;
        name: unknown;
        description: unknown;
      }[]
    ).map(({ code, name, description }) => ({ code, name, description })),
  },
  AppConfigUpdate: { status: 'OFF', config: { pixelId: '6f0a3c1e-2b4d-4e8f-9a7b-1c2d3e4f5a6b' } },
  UtmVisitRequest: { fullUrl: '%2F%3Futm_source%3Dnewsletter%26utm_campaign%3Dspring' },
  AttributionReportQuery: { touch: 'first' },
  EvergreenRequest: { page: 'summer-linen', block: 'hurry' },
  ProductListQuery: { categoryHandles: 'apparel' },
  ReviewQuery: { handle: 'linen-shirt' },
  ReviewStatisticsQuery: { handle: 'linen-shirt' },
  ActivePromotionsQuery: { handle: 'linen-shirt' },
  SamesQuery: { limit: 4 },
  ProvinceQuery: { countryCode: 'US' },
  ZipCheckQuery: { countryCode: 'US', zip: '10001' },
  MapsSearchQuery: { input: 'Rue Oberkampf', country: 'FR', sessionToken: '0b7e2b54-3f0e-4c4e-9a59-1c2d3e4f5a6b' },
  MapsDetailQuery: { placeId: 'local:fr-oberkampf', sessionToken: '0b7e2b54-3f0e-4c4e-9a59-1c2d3e4f5a6b' },
  SinglePromotionRequest: { skuId: 1, quantity: 2 },
  AddToCartRequest: { skuId: 1, quantity: 1 },
  UpdateCartLineRequest: { quantity: 1 },
  SaveProductsRequest: { items: [{ skuId: 1, quantity: 1 }] },
  PromotePriceRequest: { items: [{ skuId: 1, quantity: 2 }] },
  CouponRequest: { code: 'save5' },
  GiftRequest: { skuId: 1 },
  ShippingTemplateQuery: { countryCode: 'US', provinceCode: 'CA' },
  StartCheckoutRequest: {},
  CheckoutUpdate: { token: 'set in beforeAll' },
  SiteSettingsPatch: { extDataMap: { checkoutType: 'multi-step' } },
  // The shop's password is set in beforeAll, the gate left off (so every other call stays open).
  PasswordGateRequest: { gate: 'store', password: 'bad-input-password' },
  SiteSettingsChangesQuery: { limit: '10' },
  PaymentMethodsQuery: { siteId: '1' },
  CardTokenRequest: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
  CreateOrderRequest: { checkoutToken: 'set in beforeAll' },
  UpdateShippingRequest: { shippingAddress: TEST_ADDRESS },
  PurchaseEventRequest: { orderToken: 'set in beforeAll', event: 'Purchase', payload: { value: 12.5 } },
  PurchaseEventQuery: { orderToken: 'set in beforeAll' },
  TrackingQuery: { number: 'VGTRACK0001' },
  PredictiveSearchQuery: { q: 'linen' },
  Page: homePage as Record<string, unknown>,
  Funnel: FUNNEL,
  FunnelStepQuery: { pageId: 'thanks' },
  ReturnsQuery: { status: 'requested' },
  RegisterRequest: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'new-customer@example.com',
    password: 'Engine-Analytical-1843',
  },
  EmailRequest: { email: 'someone@example.com' },
  LoginRequest: { email: 'set in beforeAll', password: TEST_PASSWORD },
  LinkRequest: { token: 'set per call in beforeAll' },
  ResetPasswordRequest: { token: 'set in beforeAll', password: 'Harbour-Lantern-2207' },
  ChangePasswordRequest: { password: TEST_PASSWORD, newPassword: 'Harbour-Lantern-2208' },
  ProfileUpdate: { firstName: 'Ada' },
  PasswordRequest: { password: TEST_PASSWORD },
  ClaimOrdersRequest: {},
  ClaimCodeRequest: { email: 'work-address@example.com' },
  NewReturnRequest: { lines: [{ lineId: 0, quantity: 1 }], reason: 'damaged' },
  CustomerAddressInput: { ...TEST_ADDRESS },
  DefaultAddressQuery: { email: 'set in beforeAll' },
  ReturnMove: { status: 'approved', note: 'Send it back' },
  FulfillmentRequest: { status: 'shipped' },
  FormGuardQuery: { form: 'contact' },
  // Without the form's guard: answered as any send is (a bot's), so the variants reach the handler.
  ContactRequest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', message: 'Hello' },
  FeedbackRequest: { rating: 5, message: 'Lovely', email: 'ada@example.com', pagePath: '/pages/feedback' },
  SubscribeRequest: { email: 'news@example.com', source: 'footer' },
  ShopperMessagesQuery: { kind: 'contact' },
  SubscribersQuery: { state: 'pending' },
  UnsubscribeQuery: { id: 'set in beforeAll', sig: 'set in beforeAll' },
  ShopOfferQuery: { type: 'upsell' },
  CheckoutTriggerRequest: { name: 'Beanies: a pouch', products: ['wool-beanie'], upsell: { product: 'travel-pouch' } },
};

const BAD_JSON_VALUES: unknown[] = [
  0,
  -1,
  2147483647,
  2147483648,
  -2147483649,
  9999999999,
  1e20,
  1.5,
  '2',
  '1e0',
  '',
  'x'.repeat(20_000),
  '\u0000',
  null,
  true,
  [],
  [1, 2],
  {},
  { __proto__: 1 },
];
const BAD_QUERY_VALUES: string[] = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e20',
  '1.5',
  '1e0',
  '0x10',
  ' 2',
  '',
  'x'.repeat(5_000),
  '\u0000',
  'null',
  'true',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
];
const BAD_PATH_VALUES: string[] = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  'constructor',
  '__proto__',
  'toString',
  '%00',
  '%E0%A4%A',
  encodeURIComponent('<a href="data:text/html,x">x</a>'),
  encodeURIComponent('a,b'),
  '..%2F..%2Fetc',
  'x'.repeat(500),
  '%20',
];
const UNKNOWN_FIELDS = ['__proto__', 'constructor', 'prototype', 'unknownField'];
const BAD_HEADERS: Record<string, string>[] = [
  { customerUUID: 'not-a-uuid' },
  { customerUUID: 'x'.repeat(2000) },
  { language: '../../etc' },
  { language: 'constructor' },
  { 'Content-Type': 'text/plain' },
  { 'If-Match': '"99999999999999"' },
  { 'If-Match': 'W/"x"' },
];

const propertiesOf = (def: string | undefined): string[] =>
  def && def !== 'Page' ? Object.keys((apiSchema.$defs as Record<string, { properties?: object }>)[def]?.properties ?? {}) : [];

interface Call {
  op: ApiCall;
  path: Record<string, string>;
  query: Record<string, string>;
  /** JSON text of the body (so prototype keys can be written). */
  body?: string;
  headers?: Record<string, string>;
}

function baseline(op: ApiCall): Call {
  const path: Record<string, string> = {};
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
    path[name!] = PATH_EXAMPLES_BY_OPERATION[op.path]?.[name!] ?? PATH_EXAMPLES[name!]!;
  }
  const query =
    QUERY_EXAMPLES_BY_OPERATION[op.path] ??
    Object.fromEntries(Object.entries(EXAMPLES[op.query ?? ''] ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    op,
    path,
    query,
    body: BODY_EXAMPLES_BY_OPERATION[op.path] ?? (op.body ? JSON.stringify(EXAMPLES[op.body]) : undefined),
  };
}

/** The customer the customer calls act as (made in beforeAll). */
let owner: TestCustomer | undefined;
/** Calls that end the session or the account they are made in: each is made by a customer of its own. */
const ENDS_ITS_SESSION = new Set([
  'put /customer/user/pass',
  'delete /customer/user',
  'delete /customer/user/sessions',
  'delete /customer/user/sessions/{id}',
  'post /customer/user/logout',
]);

/** The `sign` header of a customer's call: the owner's, or a new customer's for a call that ends its session. */
async function customerHeaders(shop: TestShop, call: Call): Promise<Record<string, string>> {
  const key = `${call.op.method} ${call.op.path}`;
  if (call.op.caller !== 'customer' && key !== 'post /customer/user/logout') return {};
  if (!ENDS_ITS_SESSION.has(key)) return { sign: owner!.token };
  const own = await newCustomer(shop);
  // One more session of the new customer: the one the call ends by its id.
  if (call.path.id === 'a session of its own') {
    const other = await shop.app.commerce.customers.sessions.start(own.id, 'bad-input');
    call = { ...call, path: { id: String(other.session.id) } };
    return { sign: own.token, 'x-session-id': String(other.session.id) };
  }
  return { sign: own.token };
}

async function request(shop: TestShop, call: Call): Promise<Response> {
  const signedIn = await customerHeaders(shop, call);
  if (signedIn['x-session-id']) call = { ...call, path: { id: signedIn['x-session-id'] } };
  delete signedIn['x-session-id'];
  let url = `/api${call.op.path.replace(/\{(\w+)\}/g, (_, name: string) => call.path[name]!)}`;
  const search = new URLSearchParams(call.query).toString();
  if (search) url += `?${search}`;
  // Payment calls are signed over what is sent, as the shop's browser code signs them.
  // (a path parameter stands for any value: /paymentStrategy/{paymentMethod}/shippingInfo is signed whatever it is)
  if (isSignedPaymentCall(call.op.method.toUpperCase(), call.op.path.replace(/\{\w+\}/g, 'x'))) {
    let body: unknown = {};
    try {
      body = JSON.parse(call.body ?? '{}');
    } catch {
      // signed as an empty body, as the server reads it
    }
    url += `${url.includes('?') ? '&' : '?'}${signatureQuery({ origin: PUBLIC_URL, visitor: VISITOR, body })}`;
  }
  // The test bank's webhook is signed by the bank over the raw body, as it is sent (its timestamp is checked).
  const bankSignature: Record<string, string> =
    call.op.path === WEBHOOK && call.path.provider === 'test-bank' && call.body !== undefined
      ? { [SIGNATURE_HEADER]: signBankWebhook(TEST_BANK_SECRET, call.body) }
      : {};
  return shop.app.request(url, {
    method: call.op.method.toUpperCase(),
    headers: {
      ...bankSignature,
      ...(call.op.caller === 'merchant' ? merchantHeaders : {}),
      ...signedIn,
      ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      customerUUID: VISITOR,
      ...call.headers,
    },
    body: call.body,
  });
}

/** Every bad variant of a call: one field changed at a time. */
function* variants(op: ApiCall): Generator<[string, Call]> {
  const base = baseline(op);
  for (const name of Object.keys(base.path)) {
    for (const value of BAD_PATH_VALUES)
      yield [`path ${name}=${value.slice(0, 30)}`, { ...base, path: { ...base.path, [name]: value } }];
  }
  if (op.query) {
    for (const name of propertiesOf(op.query)) {
      for (const value of BAD_QUERY_VALUES)
        yield [`query ${name}=${value.slice(0, 30)}`, { ...base, query: { ...base.query, [name]: value } }];
    }
  }
  // The parameters every call may carry (spec section 7).
  for (const name of ['currencyCode', 'lang']) {
    for (const value of BAD_QUERY_VALUES)
      yield [`query ${name}=${value.slice(0, 30)}`, { ...base, query: { ...base.query, [name]: value } }];
  }
  // Unknown and prototype query parameters, on every call (those without a query schema ignore the query).
  for (const name of UNKNOWN_FIELDS) yield [`query ${name}`, { ...base, query: { ...base.query, [name]: '1' } }];
  if (op.body && base.body) {
    const example = EXAMPLES[op.body]!;
    for (const name of op.body === 'Page' ? ['handle', 'kind', 'title', 'blocks'] : propertiesOf(op.body)) {
      for (const value of BAD_JSON_VALUES) {
        yield [
          `body ${name}=${JSON.stringify(value)?.slice(0, 30)}`,
          { ...base, body: JSON.stringify({ ...example, [name]: value }) },
        ];
      }
    }
    for (const name of UNKNOWN_FIELDS) {
      yield [`body field ${name}`, { ...base, body: `${base.body.slice(0, -1)},${JSON.stringify(name)}:{"polluted":true}}` }];
    }
    for (const body of ['', 'null', '[]', '"text"', '{', '{"a":1}{', '1e400', '['.repeat(5000)]) {
      yield [`body ${body.slice(0, 20)}`, { ...base, body }];
    }
  }
  for (const headers of BAD_HEADERS) yield [`header ${JSON.stringify(headers).slice(0, 50)}`, { ...base, headers }];
}

/**
 * The customer calls' examples: a customer with a delivered order of three shirts (a return of one asked
 * already, for the merchant's return calls), and the secrets of mailed links (activation, reset, a new email).
 */
async function customerExamples(shop: TestShop) {
  owner = await newCustomer(shop);
  EXAMPLES.LoginRequest = { email: owner.email, password: TEST_PASSWORD };
  // Two addresses in the owner's book: one the calls on an address read, change and delete, one made the default.
  const book = async () =>
    (await (
      await shop.app.request('/api/customer/addresses', {
        method: 'POST',
        headers: { sign: owner!.token, 'Content-Type': 'application/json' },
        body: JSON.stringify(TEST_ADDRESS),
      })
    ).json()) as { data: { id: number } };
  PATH_EXAMPLES_BY_OPERATION['/customer/addresses/{id}'] = { id: String((await book()).data.id) };
  PATH_EXAMPLES_BY_OPERATION['/customer/addresses/{id}/active'] = { id: String((await book()).data.id) };
  PATH_EXAMPLES_BY_OPERATION['/customer/addresses/default/{customerId}'] = { customerId: String(owner.id) };
  EXAMPLES.DefaultAddressQuery = { email: owner.email };
  PATH_EXAMPLES_BY_OPERATION['/customer/user/sessions/{id}'] = { id: 'a session of its own' };
  const buyer = shopperOf(shop, '0c0ffee0-0000-4000-8000-0000000000be');
  const paid = await buyer<{ orderToken: string }>('POST', '/payment/create-order', {
    checkoutToken: await readyCheckout(buyer, [{ skuId: 2, quantity: 3 }]),
    paymentMethodCode: 'card',
    paymentToken: await cardToken(buyer),
    idempotencyKey: 'bad-input-returns-key',
  });
  const [order] = await shop.database.db
    .update(orders)
    .set({ fulfillmentStatus: 'delivered' })
    .where(eq(orders.token, paid.data.orderToken))
    .returning();
  await shop.database.db.insert(customerOrders).values({ orderId: order!.id, customerId: owner.id, how: 'placed' });
  for (const path of ['/customer/orders/{orderId}', '/customer/orders/{orderId}/returns'])
    PATH_EXAMPLES_BY_OPERATION[path] = { orderId: String(order!.id) };
  const detail = (await (
    await shop.app.request(`/api/customer/orders/${order!.id}`, { headers: { sign: owner.token } })
  ).json()) as {
    data: { lines: { lineId: number }[] };
  };
  const lineId = detail.data.lines[0]!.lineId;
  EXAMPLES.NewReturnRequest = { lines: [{ lineId, quantity: 1 }], reason: 'damaged' };
  const asked = (await (
    await shop.app.request(`/api/customer/orders/${order!.id}/returns`, {
      method: 'POST',
      headers: { sign: owner.token, 'Content-Type': 'application/json' },
      body: JSON.stringify(EXAMPLES.NewReturnRequest),
    })
  ).json()) as { data: { id: number } };
  PATH_EXAMPLES_BY_OPERATION['/returns/{id}'] = { id: String(asked.data.id) };
  // Mailed links, each for a customer of its own (a reset link's check signs its account out everywhere).
  const { proofs } = shop.app.commerce.customers;
  const pending = await newCustomer(shop, { state: 'pending' });
  const resetting = await newCustomer(shop);
  const moving = await newCustomer(shop);
  const link = async (purpose: 'activate' | 'reset' | 'changeEmail', email: string, id: number) =>
    (await proofs.issueLink(purpose, email, id))!;
  BODY_EXAMPLES_BY_OPERATION['/customer/user/activate'] = JSON.stringify({
    token: await link('activate', pending.email, pending.id),
  });
  const reset = await link('reset', resetting.email, resetting.id);
  BODY_EXAMPLES_BY_OPERATION['/customer/user/reset/check'] = JSON.stringify({ token: reset });
  BODY_EXAMPLES_BY_OPERATION['/customer/user/checkPwd'] = JSON.stringify({ token: reset, password: 'Harbour-Lantern-2207' });
  BODY_EXAMPLES_BY_OPERATION['/customer/user/email/confirm'] = JSON.stringify({
    token: await link('changeEmail', `moved-${moving.id}@example.com`, moving.id),
  });
  // A newsletter sign-up waiting for its link, and a subscriber's unsubscribe link.
  const [waiting] = await shop.database.db
    .insert(newsletterSubscribers)
    .values({ email: 'waiting@example.com', emailKey: 'waiting@example.com', locale: 'en', source: 'footer' })
    .returning();
  BODY_EXAMPLES_BY_OPERATION['/newsletter/confirm'] = JSON.stringify({
    token: await proofs.issueLink('newsletter', waiting!.email),
  });
  EXAMPLES.UnsubscribeQuery = { ...unsubscribeLink(formKeys(MERCHANT_TOKEN).unsubscribeKey, waiting!.id) };
}

describe.each<Driver>(['pglite', 'postgres'])('bad input on every API call (%s)', (driver) => {
  let shop: TestShop;
  let stripe: MockStripe;
  beforeAll(async () => {
    // Stripe plugged in, pointed at the local stand-in of its API, so POST /api/stripe/create-payment
    // has a payment to answer for (server/api/stripe.ts).
    stripe = await startMockStripe();
    const stripeKeys = { secretKey: 'sk_test_bad_input', publishableKey: 'pk_test_bad_input', webhookSecret: 'whsec_bad_input' };
    const withStripe = {
      providers: [
        (context: Parameters<typeof createStripeProvider>[1]) =>
          createStripeProvider({ ...stripeKeys, host: stripe.host, port: stripe.port, protocol: 'http' }, context),
      ],
    };
    shop = await createTestShop(
      driver,
      { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } },
      withStripe,
    );
    await shop.app.request('/api/site', {
      method: 'PATCH',
      headers: merchantHeaders,
      body: JSON.stringify({ extDataMap: { passwordProtect_shop: 'bad-input-password' } }),
    });
    const home = (await (await shop.app.request('/api/pages/home', { headers: merchantHeaders })).json()) as {
      data: { id: number };
    };
    PATH_EXAMPLES_BY_OPERATION['/themePage/detail/{id}/pageCode/{pageCode}']!.id = String(home.data.id);
    // The funnel the funnel calls name, and its pages.
    for (const step of FUNNEL.steps) {
      const page = { handle: step.page, kind: 'funnel', blocks: [] };
      await shop.app.request(`/api/pages/${step.page}`, { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(page) });
    }
    const funnel = await shop.app.request(`/api/funnels/${FUNNEL.handle}`, {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify(FUNNEL),
    });
    expect(funnel.status).toBe(201);
    // A line of the visitor's cart, for the calls that change one.
    await request(shop, {
      op: operations.find((op) => op.path === '/shopping-carts')!,
      path: {},
      query: {},
      body: '{"skuId":2,"quantity":1}',
    });
    // A second line (a rain jacket, 149.00) keeps the cart over the free gift's spend whatever the calls do to the first.
    await request(shop, {
      op: operations.find((op) => op.path === '/shopping-carts')!,
      path: {},
      query: {},
      body: '{"skuId":79,"quantity":1}',
    });
    const cart = (await (
      await request(shop, { op: operations.find((op) => op.path === '/multicurrency/shopping-carts')!, path: {}, query: {} })
    ).json()) as {
      data: { lines: { id: number }[]; giftOffers: { choices: { skuId: number }[] }[] };
    };
    EXAMPLES.GiftRequest = { skuId: cart.data.giftOffers[0]!.choices[0]!.skuId };
    for (const path of ['/multicurrency/shopping-carts/{id}'])
      PATH_EXAMPLES_BY_OPERATION[path] = { id: String(cart.data.lines[0]!.id) };
    // A checkout of that cart, for the call that reads one.
    const checkout = operations.find((op) => op.path === '/multicurrency/general/checkout')!;
    const started = (await (await request(shop, { op: checkout, path: {}, query: {}, body: '{}' })).json()) as {
      data: { token: string };
    };
    PATH_EXAMPLES_BY_OPERATION['/multicurrency/general/checkout/{token}'] = { token: started.data.token };
    // The same checkout as if its reminder had gone out, for the calls of the reminder's link.
    const recoveryKey = 'feed'.repeat(8);
    await shop.database.db
      .update(checkouts)
      .set({ recoveryKey, recoverySentAt: new Date() })
      .where(eq(checkouts.token, started.data.token));
    for (const path of ['/checkout/recovering/{key}', '/checkout/recovering/{key}/optout'])
      PATH_EXAMPLES_BY_OPERATION[path] = { key: recoveryKey };
    EXAMPLES.CheckoutUpdate = { token: started.data.token, email: 'shopper@example.com' };
    EXAMPLES.FunnelShippingRequest = { checkoutToken: started.data.token, countryCode: 'US' };
    // A paid order of another visitor, for the payment and order calls (its idempotency key answers the same
    // payment again, whatever the variants do).
    const buyer = shopperOf(shop, '0c0ffee0-0000-4000-8000-0000000000bc');
    const readyToken = await readyCheckout(buyer, [{ skuId: 2, quantity: 1 }]);
    EXAMPLES.CreateOrderRequest = {
      checkoutToken: readyToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(buyer),
      idempotencyKey: 'bad-input-payment-key',
    };
    const paid = await buyer<{ orderToken: string }>('POST', '/payment/create-order', EXAMPLES.CreateOrderRequest);
    const orderToken = paid.data.orderToken;
    const placed = await buyer<{ number: string; email: string }>('GET', `/multicurrency/general/order/${orderToken}`);
    EXAMPLES.OrderTrackingRequest = { orderNumber: placed.data.number, email: placed.data.email };
    for (const path of [
      '/multicurrency/general/order/{token}',
      '/multicurrency/general/order/{token}/ckstatus',
      '/orders/{token}/updateShipping',
      '/orders/{token}/tracking',
    ])
      PATH_EXAMPLES_BY_OPERATION[path] = { token: orderToken };
    EXAMPLES.PurchaseEventRequest = { ...EXAMPLES.PurchaseEventRequest, orderToken };
    // The calls after a payment's first answer, on that paid order (each answers where it leads).
    EXAMPLES.PaymentOrderRequest = { orderToken };
    EXAMPLES.PaymentFailureRequest = { orderToken, code: 80002 };
    EXAMPLES.PaymentResumeRequest = { orderToken, acceptShipping: true };
    EXAMPLES.PrePayRequest = { checkoutToken: started.data.token, paymentMethodCode: 'card' };
    EXAMPLES.ExpressShippingInfoRequest = {
      checkoutToken: started.data.token,
      address: TEST_ADDRESS,
      email: 'shopper@example.com',
    };
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.idempotencyKey, 'bad-input-payment-key'));
    EXAMPLES.ChannelOrderRequest = { channelOrderId: payment!.providerReference! };
    // The demo funnel bought by the same visitor as the other calls: its checkout, its offer, its order.
    const shirt = (await firstSku(shop, 'linen-shirt')).id;
    const funnelBuyer = shopperOf(shop, VISITOR);
    EXAMPLES.FunnelCheckoutRequest = { funnel: 'summer-linen', pageId: 'checkout', lines: [{ skuId: shirt, quantity: 1 }] };
    const funnelCheckout = await funnelBuyer<{ token: string }>(
      'POST',
      '/multicurrency/calculatePrice',
      EXAMPLES.FunnelCheckoutRequest,
    );
    await funnelBuyer('POST', '/multicurrency/asyncPayInfoSave', {
      token: funnelCheckout.data.token,
      email: 'shopper@example.com',
      shippingAddress: TEST_ADDRESS,
      shippingTemplateId: 1,
    });
    const funnelPaid = await funnelBuyer<{ orderToken: string }>('POST', '/multicurrency/funnel-buy', {
      checkoutToken: funnelCheckout.data.token,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(funnelBuyer),
      idempotencyKey: 'bad-input-funnel-key',
    });
    const offerStep = await funnelBuyer<{ offer: { token: string }; funnel: { id: number } }>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=socks&order=${funnelPaid.data.orderToken}`,
    );
    EXAMPLES.OfferValidityQuery = { token: offerStep.data.offer.token };
    BODY_EXAMPLES_BY_OPERATION['/multicurrency/upsell'] = JSON.stringify({
      token: offerStep.data.offer.token,
      decision: 'decline',
    });
    PATH_EXAMPLES_BY_OPERATION['/orders/funnel/{funnelId}/recentOrder']!.funnelId = String(offerStep.data.funnel.id);
    // A shop order of a checkout trigger's product, by the same visitor: its offer after the checkout.
    const shopPaid = await funnelBuyer<{ orderToken: string }>('POST', '/payment/create-order', {
      // Bought now: the visitor's cart (the cart calls' line) stays as it is.
      checkoutToken: await readyCheckout(funnelBuyer, [{ skuId: (await firstSku(shop, 'sunglasses')).id, quantity: 1 }], {
        buyNow: true,
      }),
      paymentMethodCode: 'card',
      paymentToken: await cardToken(funnelBuyer),
      idempotencyKey: 'bad-input-shop-offer-key',
    });
    PATH_EXAMPLES_BY_OPERATION['/site-checkout-trigger/{x}/nextproduct'] = { x: shopPaid.data.orderToken };
    const shopOffer = await funnelBuyer<{ offer: { token: string } }>(
      'GET',
      `/site-checkout-trigger/${shopPaid.data.orderToken}/nextproduct`,
    );
    EXAMPLES.ShopOfferAcceptRequest = { token: shopOffer.data.offer.token };
    EXAMPLES.ShopOfferDeclineRequest = { token: shopOffer.data.offer.token };
    // A genuine event of the test bank about a payment this shop never made: answered, and nothing changes.
    BODY_EXAMPLES_BY_OPERATION[WEBHOOK] = JSON.stringify({
      id: 'evt_bad_input',
      type: 'payment.succeeded',
      reference: 'tb_000000000000000000000000',
    });
    EXAMPLES.FailureLogRequest = { type: 'error', payload: { message: 'a test' } };
    EXAMPLES.PurchaseEventQuery = { orderToken };
    // An order waiting for its Stripe Payment Element payment, for the Stripe call.
    const stripeBuyer = shopperOf(shop, '0c0ffee0-0000-4000-8000-0000000000bd');
    const stripeCheckout = await readyCheckout(stripeBuyer, [{ skuId: 2, quantity: 1 }]);
    const waiting = await stripeBuyer<{ orderToken: string }>('POST', '/paymentStrategy', {
      checkoutToken: stripeCheckout,
      paymentMethodCode: 'stripe-element',
      idempotencyKey: 'bad-input-stripe-key',
    });
    EXAMPLES.StripePaymentRequest = { orderToken: waiting.data.orderToken };
    await providerExamples(shop, EXAMPLES, PATH_EXAMPLES_BY_OPERATION, BODY_EXAMPLES_BY_OPERATION);
    await customerExamples(shop);
    // The maps calls answer only while the shop offers maps (test-support/server/maps-app.ts).
    await mapsOn(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  it('each call is answered with its valid example (so the variants below reach the handler)', async () => {
    const refused: string[] = [];
    for (const op of operations) {
      const response = await request(shop, baseline(op));
      // A call answered with no content (the browser's CSP reports) answers 204 whatever it is sent.
      const answered = op.noContent ? response.status === 204 : response.status === 200 || response.status === 201;
      if (!answered) refused.push(`${op.method} ${op.path}: ${response.status} ${await response.text()}`);
    }
    expect(refused).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method.toUpperCase()} /api${op.path}`, op] as const))(
    '%s: never a 5xx, always the envelope',
    async (_name, op) => {
      const failures: string[] = [];
      for (const [what, call] of variants(op)) {
        const response = await request(shop, call);
        const text = await response.text();
        let body: { code?: unknown; message?: unknown } | null = null;
        try {
          body = JSON.parse(text);
        } catch {
          // reported below
        }
        // The payment-method list answers in the spec's own shape; its refusals are in the envelope.
        const specShape = op.bare && typeof (body as { success?: unknown } | null)?.success === 'boolean';
        // A call with no content to answer (the browser's CSP reports) says nothing, never a fault.
        const silent = op.noContent && response.status === 204 && text === '';
        if (
          response.status >= 500 ||
          (!specShape && !silent && (typeof body?.code !== 'number' || typeof body.message !== 'string'))
        ) {
          failures.push(`${what}: ${response.status} ${text.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(shop.faults).toEqual([]);
    },
  );

  it('an unknown or prototype field is refused with a 400 naming it, in a query and in a body', async () => {
    for (const name of UNKNOWN_FIELDS) {
      const query = await shop.app.request(`/api/products?${name}=1`);
      expect(query.status).toBe(400);
      expect(await query.json()).toMatchObject({ code: 400, data: { errors: [{ path: `/${name}` }] } });
      const body = await shop.app.request('/api/shopping-carts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', customerUUID: VISITOR },
        body: `{"skuId":1,"quantity":1,${JSON.stringify(name)}:{"polluted":true}}`,
      });
      expect(body.status).toBe(400);
      expect(await body.json()).toMatchObject({ data: { errors: [{ path: `/${name}` }] } });
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('a body takes numbers as numbers ("2" is refused); a query reads only plainly written whole numbers', async () => {
    // A visitor of its own: the variants above filled the other one's cart.
    const add = (body: string) =>
      shop.app.request('/api/shopping-carts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', customerUUID: '0c0ffee0-0000-4000-8000-0000000000bb' },
        body,
      });
    for (const quantity of ['"2"', '"1e0"', '1.5', '2.0e0x']) {
      const response = await add(`{"skuId":1,"quantity":${quantity}}`);
      expect(response.status, quantity).toBe(400);
    }
    expect((await add('{"skuId":1,"quantity":2.0}')).status).toBe(200);
    for (const limit of ['1e0', '0x10', ' 2', '2.0', '+2']) {
      const response = await shop.app.request(`/api/products?limit=${encodeURIComponent(limit)}`);
      expect(response.status, limit).toBe(400);
      expect(await response.json()).toMatchObject({ data: { errors: [{ path: '/limit', message: 'must be a whole number' }] } });
    }
    expect((await shop.app.request('/api/products?limit=2')).status).toBe(200);
  });

  it('a well-formed SKU id that does not exist is 5002; one beyond what an id can be is a 400 naming it', async () => {
    const add = (skuId: unknown) =>
      shop.app.request('/api/shopping-carts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', customerUUID: VISITOR },
        body: JSON.stringify({ skuId, quantity: 1 }),
      });
    expect(await (await add(2147483647)).json()).toMatchObject({ code: 5002 });
    for (const skuId of [2147483648, 9999999999, 1e20]) {
      const response = await add(skuId);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        data: { errors: [{ path: '/skuId', message: 'must be at most 2147483647' }] },
      });
    }
  });

  it('a body larger than the limit is refused with 413 before it is read', async () => {
    const big = await shop.app.request('/api/shopping-carts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', customerUUID: VISITOR },
      body: JSON.stringify({ skuId: 1, quantity: 1, pad: 'x'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 413 });
    const page = await shop.app.request('/api/pages/big', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({ handle: 'big', kind: 'shop', blocks: [], title: 'x'.repeat(1024 * 1024) }),
    });
    expect(page.status).toBe(413);
  });

  it('logs bad input as one line with the request id, and a fault with its stack', async () => {
    const before = shop.logs.length;
    const response = await shop.app.request('/api/products?limit=abc', { headers: { 'X-Request-Id': 'probe-42' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('X-Request-Id')).toBe('probe-42');
    expect(shop.logs.slice(before)).toEqual([
      expect.stringMatching(/^400 GET \/api\/products \(request probe-42\): The query is not valid/),
    ]);
    expect(shop.faults).toEqual([]);
  });
});

describe('faults', () => {
  it('are logged with the error itself (its stack), and answered 500 without their message', async () => {
    const shop = await createTestShop('pglite');
    // The site's settings read (the guard's), so the call itself meets the closed database.
    expect((await shop.app.request('/api/site')).status).toBe(200);
    await shop.database.close();
    const response = await shop.app.request('/api/products?categoryHandles=apparel', { headers: { 'X-Request-Id': 'fault-1' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 500, message: 'An error occurred. Please try again later.', data: null });
    expect(shop.faults).toHaveLength(1);
    expect((shop.faults[0] as Error).stack).toBeTruthy();
    expect(shop.logs.at(-1)).toMatch(/^GET \/api\/products failed \(request fault-1\)/);
  });

  it('the gate that cannot be checked answers "Failed to fetch data" (spec section 8), logged, to pages and calls', async () => {
    const shop = await createTestShop('pglite');
    await shop.database.close();
    const call = await shop.app.request('/api/products');
    expect(call.status).toBe(503);
    expect(await call.json()).toEqual({ code: 50026, message: 'Failed to fetch data', data: null });
    const page = await shop.app.request('/products/linen-shirt', { headers: { Cookie: 'sak-locale=fr' } });
    expect([page.status, page.headers.get('Retry-After')]).toEqual([503, '30']);
    expect(await page.text()).toMatch(/<html lang="fr">[\s\S]*<h1>[^<]+<\/h1>/);
    expect(shop.logs.filter((line) => line.startsWith('the password gate could not be checked'))).toHaveLength(2);
  });
});
