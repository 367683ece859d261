// Google Consent Mode v2 (issue 27): the page's first script, before any Google tag could load, sets the
// default of the four signals from the shop's configuration and, on every page, lets the visitor's stored
// choice override it (spec section 4). `wait_for_update` (spec section 9: 500 ms) gives a tag that loads
// with the page the time to receive a choice. The text depends on the shop's settings only, so it is the
// same in every visitor's copy of a page (cached pages; the Content-Security-Policy allows it by hash).
import { CONSENT_COOKIE } from './consent-cookie';

/** Spec section 9: how long a Google tag waits for the consent update. */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

/** The apps that load a Google tag (and read Consent Mode). */
export const GOOGLE_TAG_APPS: readonly string[] = ['googleAnalytics', 'googleAnalytics4', 'googlead', 'tagManager'];

export type ConsentSignals = Record<
  'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage',
  'granted' | 'denied'
>;

/** The four signals of a choice: analytics_storage follows analytics; the three ad signals follow advertising. */
export function consentSignals(state: { analytics: boolean; advertising: boolean }): ConsentSignals {
  const ad = state.advertising ? 'granted' : 'denied';
  return {
    ad_storage: ad,
    ad_user_data: ad,
    ad_personalization: ad,
    analytics_storage: state.analytics ? 'granted' : 'denied',
  };
}

export function consentModeScript(policy: { acceptedByDefault: boolean; version: string }): string {
  const defaults = consentSignals({ analytics: policy.acceptedByDefault, advertising: policy.acceptedByDefault });
  // The cookie is read as consent-cookie.ts writes it (a=&d=&v=&t=), for this policy's version only.
  return [
    'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}',
    `gtag('consent','default',${JSON.stringify({ ...defaults, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS })});`,
    `(function(){var m=document.cookie.match(/(?:^|; )${CONSENT_COOKIE}=([^;]*)/);if(!m)return;`,
    'var p=new URLSearchParams(decodeURIComponent(m[1]));',
    `if(p.get('v')!==${JSON.stringify(policy.version)})return;`,
    "var a=p.get('a')==='1'?'granted':'denied',d=p.get('d')==='1'?'granted':'denied';",
    "gtag('consent','update',{ad_storage:d,ad_user_data:d,ad_personalization:d,analytics_storage:a})})();",
  ].join('');
}
