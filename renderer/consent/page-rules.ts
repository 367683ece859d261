// Where an integration may run at all, whatever the consent (shared by the server, which answers the
// integrations a page may load, and the browser, which loads a page afresh rather than carry one there).
import type { IntegrationCode } from './app-categories';

/** Paths of pages that take, show or follow a payment (the Content-Security-Policy's too). */
const PAYMENT_PAGES = /^\/(?:checkout|cart\/checkout|newCheckout|payment|thankyou|funnel|track|api\/payment-providers)(?:\/|$)/;

export const isPaymentPage = (path: string) => PAYMENT_PAGES.test(path);

/**
 * Widgets drawn on the page (a chat, sign-up and recovery pop-ups, session recording): not on a closed or
 * maintenance page (spec section 2), nor where a shopper pays (a recording of the checkout's fields, a
 * pop-up over the payment form).
 */
const WIDGETS: ReadonlySet<string> = new Set<IntegrationCode>(['messenger', 'emailMarketing', 'cartRecovery', 'heatMap']);

/** The site-mode pages (server/site-guard.ts sends visitors there). */
const MODE_PAGES = /^\/(?:closed|maintenance)(?:\/|$)/;

export function mayRunOnPage(code: string, path: string): boolean {
  if (WIDGETS.has(code) && (MODE_PAGES.test(path) || isPaymentPage(path))) return false;
  // The merchant's own code: nothing tells what it does, so never where a shopper pays (PCI DSS 6.4.3).
  if (code === 'customJs' && isPaymentPage(path)) return false;
  // The maps service runs through the shop's own API (server/commerce/maps): nothing loads in the page.
  return code !== 'googleMaps';
}
