// What the shop's consent depends on (the site's extDataMap: cookie, cookieAccepted, cookiePolicyVersion)
// and the visitor's consent now; shared by the start of consent, the banner, the maps suggestions and the
// server's rendering (apart from start-consent.ts, which loads the banner: no import cycle).
import type { ApiClient } from '../api/client';
import type { Translations } from '../i18n/translations';
import { readCookie } from '../state/cookies';
import { CONSENT_COOKIE, consentState, parseConsent, type ConsentState } from './consent-cookie';
import type { ConsentPolicy } from '../../schemas/consent-policy';

export { consentPolicyOf, type ConsentPolicy } from '../../schemas/consent-policy';

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
