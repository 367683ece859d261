// The API client's funnel calls: a funnel's checkout and its payment methods, one-click offers, where the
// shopper goes next, countdowns. Never kept: each is one shopper's.
import type { FunnelCheckoutRequest, FunnelLocationQuery } from '../../schemas/generated/api';
import type { BodyOf } from './call-types';
import type { Transport } from './transport';

/** The body of a call, by the name the renderer knows it by. */
type OfferAnswerRequest = BodyOf<'post /multicurrency/upsell'>;

export function funnelCalls({ post, send, path }: Transport) {
  return {
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
  };
}
