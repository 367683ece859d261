// The browser's side of cookie consent (issue 27), started once a page is hydrated: the banner for a
// visitor who has not chosen for the current policy, the preferences dialog from any
// `[data-consent-preferences]` button (the footer's "Cookie settings"), and the integrations the choice
// allows. This file is all of it that the first load carries; the banner and the integrations are
// separate chunks, loaded only when needed.
import type { ApiClient } from '../api/client';
import type { Translations } from '../i18n/translations';
import { readCookie } from '../state/cookies';
import { CONSENT_COOKIE, consentState, parseConsent, type ConsentState } from './consent-cookie';

/** What consent depends on (the site's extDataMap: cookie, cookieAccepted, cookiePolicyVersion). */
export interface ConsentPolicy {
  banner: boolean;
  acceptedByDefault: boolean;
  version: string;
}

export const consentPolicyOf = (extDataMap: Record<string, string>): ConsentPolicy => ({
  banner: extDataMap.cookie === 'ON',
  acceptedByDefault: extDataMap.cookieAccepted === 'ON',
  version: extDataMap.cookiePolicyVersion ?? '',
});

export interface ConsentEnv {
  policy: ConsentPolicy;
  api: ApiClient;
  translations: Translations;
  locale: string;
  currency: string;
  /** The shop's currencies and their decimals (what the vendors are sent amounts in). */
  currencies?: readonly { code: string; decimals: number }[];
  /** The path of the page shown now. */
  path: () => string;
  /** Called before each client navigation (a router page); none on an islands page. */
  onNavigate?: (listener: (to: string) => void) => void;
}

/** The visitor's consent now: their choice for this policy, else the shop's default. */
export function currentConsent(policy: ConsentPolicy): ConsentState {
  const defaults = { analytics: policy.acceptedByDefault, advertising: policy.acceptedByDefault };
  return consentState(parseConsent(readCookie(CONSENT_COOKIE)), defaults, policy.version);
}

export const PREFERENCES_SELECTOR = '[data-consent-preferences]';

export function startConsent(env: ConsentEnv): void {
  const state = currentConsent(env.policy);
  if (state.analytics || state.advertising) void loadIntegrations(env);
  if (env.policy.banner && !state.chosen) void showConsent(env, 'banner');
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(PREFERENCES_SELECTOR)) return;
    event.preventDefault();
    void showConsent(env, 'preferences');
  });
}

/** The banner or the preferences dialog (its own chunk, with the locale's full messages). */
const showConsent = (env: ConsentEnv, mode: 'banner' | 'preferences') =>
  import('./show-consent').then(({ showConsent: show }) => show(env, mode, () => void loadIntegrations(env)));

/** Asks the server which integrations the visitor's consent allows here and loads them (its own chunk). */
const loadIntegrations = (env: ConsentEnv) =>
  import('../integrations/runtime').then(({ startIntegrations }) => startIntegrations(env, currentConsent(env.policy)));
