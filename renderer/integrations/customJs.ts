// The merchant's own JavaScript (code customJs), run as a script element of its own, once per page.
//
// Never on payment pages (checkout, payment results, thank-you, funnels, order tracking): code nobody
// reviewed must not run where card data is typed (PCI DSS 4.0 6.4.3). The loader enforces it
// (server/ssr/content-security-policy.ts isPaymentPage); this module does not know the page. An inline
// script runs under the page's Content-Security-Policy only when the policy carries its hash: the
// server adds hashSource(config.js) to the pages that may load it.
import { firstLoad, MARK } from './dom';
import type { ConfigOf, Integration } from './integration';

const customJs: Integration<ConfigOf<'customJs'>> = {
  code: 'customJs',
  origins: (config) => ({ script: config.origins ?? [], connect: config.origins ?? [], img: config.origins ?? [] }),
  load(config) {
    if (!config.js.trim() || !firstLoad('customJs')) return;
    const script = document.createElement('script');
    script.setAttribute(MARK, 'customJs');
    script.text = config.js;
    document.body.appendChild(script);
  },
};

export default customJs;
