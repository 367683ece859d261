// Page views for the event layer (spec section 2): one for the page shown and one on each client
// navigation, except account and product pages (a product page's view is its ViewContent event).
import { trackShopEvent } from './shop-events';

const NO_PAGE_VIEW = /^\/(?:account|products)(?:\/|$)/;

export const countsAsPageView = (path: string) => !NO_PAGE_VIEW.test(path);

export function trackPageView(path: string): void {
  if (countsAsPageView(path)) trackShopEvent({ name: 'PageView', path, title: document.title });
}
