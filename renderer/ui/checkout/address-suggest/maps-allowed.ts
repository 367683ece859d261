// Whether the checkout may offer address suggestions (issue 27): the site offers maps (spec section 3:
// `googleMaps_enable`), the used-apps configuration has the maps app ON, and the shopper's consent allows
// its category (renderer/consent/app-categories.ts: the maps service reads what the shopper types, so it
// needs `analytics`). Read when the address field is focused, never during rendering: the server renders
// the same field for everyone.
//
// For now the consent default is the site's `extDataMap.cookieAccepted` (spec section 3: ON grants by
// default) and any recorded choice counts whatever its policy version; both move to the site info's consent
// settings once the banner lands (the one place to rewire is `consentOf`).
import type { AppConfig, Site } from '../../../../schemas/generated/api';
import { APP_CATEGORY } from '../../../consent/app-categories';
import { CONSENT_COOKIE, consentState, granted, parseConsent, type ConsentState } from '../../../consent/consent-cookie';
import { readCookie } from '../../../state/cookies';

export interface MapsSettings {
  site: Pick<Site, 'googleMaps_enable' | 'extDataMap'> | undefined;
  /** The used apps (GET /api/app/config/used: those whose status is ON). */
  apps: readonly AppConfig[] | undefined;
  /** The `consent` cookie's value, as the browser holds it. */
  consentCookie: string | undefined;
}

/** The shopper's consent as the maps service sees it. */
export function consentOf(site: Pick<Site, 'extDataMap'>, consentCookie: string | undefined): ConsentState {
  const choice = parseConsent(consentCookie);
  const byDefault = site.extDataMap.cookieAccepted === 'ON';
  return consentState(choice, { analytics: byDefault, advertising: byDefault }, choice?.version ?? '');
}

export function mapsAllowed({ site, apps, consentCookie }: MapsSettings): boolean {
  if (!site?.googleMaps_enable) return false;
  if (!apps?.some((app) => app.code === 'googleMaps' && app.status === 'ON')) return false;
  return granted(consentOf(site, consentCookie), APP_CATEGORY.googleMaps);
}

/** The same, in the browser, from the cookie it holds now. */
export const mapsAllowedHere = (site: MapsSettings['site'], apps: MapsSettings['apps']) =>
  mapsAllowed({ site, apps, consentCookie: readCookie(CONSENT_COOKIE) });
