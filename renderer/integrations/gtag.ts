// gtag.js, shared by Google Analytics 4 and the Google Ads tags (Google's "Google tag"): one dataLayer,
// one gtag function, the library loaded once. The consent code (Consent Mode v2 defaults, written before
// any tag) may have defined dataLayer and gtag already: they are kept as they are.
import type { IntegrationCode } from '../consent/app-categories';
import { addScript, vendorWindow } from './dom';

export type Gtag = (...args: unknown[]) => void;

/** Google's base code: `window.dataLayer`, `function gtag(){dataLayer.push(arguments)}`, gtag('js', …), the script. */
export function googleTag(code: IntegrationCode, firstId: string): Gtag {
  const w = vendorWindow();
  w.dataLayer = w.dataLayer || [];
  if (typeof w.gtag !== 'function') {
    // gtag.js reads Arguments objects from the dataLayer (not arrays): this is Google's own function.
    w.gtag = function gtag() {
      (w.dataLayer as unknown[]).push(arguments);
    };
  }
  if (!w.__vitrineGtagJs) {
    w.__vitrineGtagJs = true;
    (w.gtag as Gtag)('js', new Date());
  }
  // One gtag.js serves every Google tag id on the page; each id is then a `config` command.
  if (!document.querySelector('script[src^="https://www.googletagmanager.com/gtag/js"]')) {
    addScript(code, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(firstId)}`);
  }
  return w.gtag as Gtag;
}

/** Google's documented origins of gtag.js and Google Analytics 4 (the CSP guide of the Google tag). */
export const GOOGLE_ANALYTICS_ORIGINS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
