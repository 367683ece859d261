// The API client's order calls: an order by its token, its payment status, and its tracking.
import type { Transport } from './transport';

export function orderCalls({ post, send, path }: Transport) {
  return {
    /** By the buyer's order token (never by a guessable id). */
    get: (token: string) => send<'get /multicurrency/general/order/{token}'>('get', `multicurrency/general/order/${path(token)}`),
    status: (token: string) =>
      send<'get /multicurrency/general/order/{token}/ckstatus'>('get', `multicurrency/general/order/${path(token)}/ckstatus`),
    tracking: (number: string) => send<'get /orders/tracking'>('get', 'orders/tracking', { number }),
    trackingOf: (token: string) => send<'get /orders/{token}/tracking'>('get', `orders/${path(token)}/tracking`),
    /** By order number and the email it was placed with (5010 when they do not match). */
    trackingByOrder: (orderNumber: string, email: string) =>
      post<'post /orders/tracking'>('orders/tracking', { orderNumber, email }),
  };
}
