// A visitor's choice: remembered in the browser at once (the consent cookie, 180 days), told to Google's
// tags (Consent Mode `update`) and kept by the shop as proof (POST /api/consent, which sets the same
// cookie). A failed call leaves the choice in force in this browser: the visitor is not asked again.
import type { ApiClient } from '../api/client';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, serializeConsent } from './consent-cookie';
import { consentSignals } from './consent-mode';
import { writeCookie } from '../state/cookies';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export interface Choice {
  analytics: boolean;
  advertising: boolean;
}

export async function saveConsent(
  api: ApiClient,
  choice: Choice,
  version: string,
  source: 'banner' | 'preferences',
): Promise<void> {
  writeCookie(CONSENT_COOKIE, serializeConsent({ ...choice, version, at: Date.now() / 1000 }), CONSENT_MAX_AGE_S);
  window.gtag?.('consent', 'update', consentSignals(choice));
  await api.request('post /consent', { body: { ...choice, version, source } }).catch(() => undefined);
}
