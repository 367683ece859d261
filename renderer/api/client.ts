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
//
// The calls live in one file per area (page-calls.ts, catalog-calls.ts, cart-calls.ts, checkout-calls.ts,
// payment-calls.ts, funnel-calls.ts, order-calls.ts); transport.ts sends them. Import the client from here.
import { cartCalls } from './cart-calls';
import { catalogCalls } from './catalog-calls';
import { checkoutCalls } from './checkout-calls';
import { funnelCalls } from './funnel-calls';
import { orderCalls } from './order-calls';
import { pageCalls } from './page-calls';
import { paymentCalls } from './payment-calls';
import { createTransport, type ApiClientOptions } from './transport';

export { API_TIMEOUT_MS, browserSiteModes, type ApiClientOptions } from './transport';
export type { Answer, CallInput, EnvelopeCall } from './call-types';
export type { ListingQuery } from './catalog-calls';
export type { WalletSheet } from './payment-calls';

export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  return {
    request: transport.request,
    ...pageCalls(transport),
    // A funnel's own calls: never kept, each is one shopper's.
    funnel: funnelCalls(transport),
    ...catalogCalls(transport),
    cart: cartCalls(transport),
    // The checkout's calls are never kept: each is one shopper's own.
    checkout: checkoutCalls(transport),
    payments: paymentCalls(transport),
    orders: orderCalls(transport),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
