// Whether the checkout may offer address suggestions (issue 27): the site offers maps (spec section 3:
// `googleMaps_enable`), the used-apps configuration has the maps app ON, and the shopper's consent allows
// its category (renderer/consent/app-categories.ts: the maps service reads what the shopper types, so it
// needs `analytics`). Read when the address field is focused, never during rendering: the server renders
// the same field for everyone.
// The consent is the visitor's choice for the shop's current cookie policy, else its default
// (renderer/consent/start-consent.ts).
import type { Site } from '../../../../schemas/generated/api';
import { APP_CATEGORY } from '../../../consent/app-categories';
import { granted } from '../../../consent/consent-cookie';
import { consentPolicyOf, currentConsent } from '../../../consent/consent-policy';

export interface MapsSettings {
  site: Pick<Site, 'googleMaps_enable' | 'extDataMap'> | undefined;
  /** Whether the used apps have the maps app ON (the layout's `maps`). */
  mapsApp: boolean | undefined;
}

/** Whether the checkout may offer address suggestions now, from the consent cookie the browser holds. */
export function mapsAllowedHere({ site, mapsApp }: MapsSettings): boolean {
  if (!site?.googleMaps_enable || !mapsApp) return false;
  return granted(currentConsent(consentPolicyOf(site.extDataMap)), APP_CATEGORY.googleMaps);
}
