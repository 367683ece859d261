// Which consent an order is placed under (issue 27): the shopper's choice in the `consent` cookie when it
// answers the current policy, else the configured default of each category (spec section 4: "default
// denied or granted according to config"). Server events go out only with advertising granted.
import type { AdMatch } from '../../db/purchase-events-schema';

/** The `consent` cookie as the API read it (renderer/consent/consent-cookie.ts `ConsentChoice`). */
export interface ConsentChoice {
  analytics: boolean;
  advertising: boolean;
  version: string;
  /** Seconds since 1970. */
  at: number;
}

/** What the payment call hands the order: the cookie's choice (if any), the shop's policy and what the platforms match on. */
export interface ConsentInput {
  choice: ConsentChoice | undefined;
  /** The shop's consent policy now (server/commerce/consent): its version and whether it grants by default. */
  policy: { acceptedByDefault: boolean; version: string };
  match: AdMatch;
}

export interface OrderConsent {
  analytics: boolean;
  advertising: boolean;
  chosen: boolean;
  policyVersion: string | null;
  chosenAt: Date | null;
  /** Kept only with advertising granted: nothing about the device is kept for a shopper who refused. */
  match: AdMatch | null;
}

/**
 * The consent an order is placed under. `policyVersion`: the policy the banner asks about now; a choice
 * made under another version no longer counts (the banner asks again), so the defaults apply. Without a
 * known version, any choice the cookie holds is the shopper's last word.
 */
export function orderConsent(
  input: ConsentInput,
  defaults: { analytics: boolean; advertising: boolean },
  policyVersion?: string,
): OrderConsent {
  const { choice } = input;
  const current = choice && (policyVersion === undefined || choice.version === policyVersion) ? choice : undefined;
  const advertising = current ? current.advertising : defaults.advertising;
  const match = advertising ? cleanMatch(input.match) : null;
  return {
    analytics: current ? current.analytics : defaults.analytics,
    advertising,
    chosen: current !== undefined,
    policyVersion: current?.version ?? null,
    chosenAt: current ? new Date(current.at * 1000) : null,
    match,
  };
}

const MAX_MATCH_LENGTH = 500;

/** Only short, present values: a header or cookie is the client's and may hold anything. */
function cleanMatch(match: AdMatch): AdMatch | null {
  const kept = Object.fromEntries(
    Object.entries(match).filter(([, v]) => typeof v === 'string' && v.length > 0 && v.length <= MAX_MATCH_LENGTH),
  ) as AdMatch;
  return Object.keys(kept).length ? kept : null;
}
