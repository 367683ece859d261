// The API client's page reads: the site and the layout's parts, a theme page's view, a funnel step and the
// shop's offer with their pages, and the list of theme pages.
import type { Transport } from './transport';

export function pageCalls({ get, send, path }: Transport) {
  return {
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
    pages: () => get<'get /themePage'>('themePage'),
  };
}
