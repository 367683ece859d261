// The page's first script, in <head> before anything is drawn or any tag could load: Google Consent Mode's
// defaults and the visitor's stored choice (consent-mode.ts), and whether the cookie banner the server drew
// into the page is shown. The banner shows from the first paint, so it is never a late paint (the
// largest one, on a page whose own text is smaller) and needs no JavaScript of its own. The script depends
// on the shop's settings only: the same in every visitor's copy of a page (cached pages; the
// Content-Security-Policy allows it by its hash).
import { CONSENT_COOKIE } from './consent-cookie';
import { consentModeScript } from './consent-mode';
import type { ConsentPolicy } from './consent-policy';

/** On <html> while the visitor has not chosen for the current policy: the banner shows (consent.css). */
export const CONSENT_ASK_CLASS = 'consent-ask';

/** Shows the banner unless the consent cookie holds a well-formed choice for this policy's version. */
function bannerScript(version: string): string {
  return [
    `(function(){var m=document.cookie.match(/(?:^|; )${CONSENT_COOKIE}=([^;]*)/),`,
    'p=m?new URLSearchParams(decodeURIComponent(m[1])):new URLSearchParams(),b=/^[01]$/;',
    `if(p.get('v')!==${JSON.stringify(version)}||!b.test(p.get('a')||'')||!b.test(p.get('d')||''))`,
    `document.documentElement.classList.add('${CONSENT_ASK_CLASS}')})();`,
  ].join('');
}

/** The head script of a page, or nothing when the shop has neither a banner nor a Google tag. */
export function consentHeadScript(policy: ConsentPolicy, googleTags: boolean): string | undefined {
  const parts = [googleTags ? consentModeScript(policy) : '', policy.banner ? bannerScript(policy.version) : ''];
  return parts.join('') || undefined;
}
