// The shopper's consent choice (spec sections 2, 4 and 9): essential, analytics and advertising. Kept in a
// first-party cookie for 180 days; on every request the server reads it (what the page may carry) and in
// the browser it overrides the configured default on every navigation. Shared by server and browser.

/** The consent categories of the banner; `essential` is always granted. */
export const CONSENT_CATEGORIES = ['essential', 'analytics', 'advertising'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The categories a shopper may refuse. */
export type OptionalCategory = Exclude<ConsentCategory, 'essential'>;

export const CONSENT_COOKIE = 'consent';
/** Spec section 9: the consent cookie lasts 180 days. */
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

export interface ConsentChoice {
  analytics: boolean;
  advertising: boolean;
  /** The version of the cookie policy the shopper answered (a new version asks again). */
  version: string;
  /** When the shopper chose, in seconds since 1970. */
  at: number;
}

/** `a=1&d=0&v=<version>&t=<seconds>`: short, and readable in a browser's cookie list. */
export function serializeConsent(choice: ConsentChoice): string {
  return new URLSearchParams({
    a: choice.analytics ? '1' : '0',
    d: choice.advertising ? '1' : '0',
    v: choice.version,
    t: String(Math.floor(choice.at)),
  }).toString();
}

/** The choice a cookie holds; nothing for a missing, malformed or edited cookie. */
export function parseConsent(value: string | undefined): ConsentChoice | undefined {
  if (!value) return undefined;
  const fields = new URLSearchParams(value);
  const a = fields.get('a');
  const d = fields.get('d');
  const v = fields.get('v');
  const t = Number(fields.get('t'));
  if ((a !== '0' && a !== '1') || (d !== '0' && d !== '1') || !v || !Number.isInteger(t) || t <= 0) return undefined;
  return { analytics: a === '1', advertising: d === '1', version: v, at: t };
}

/** What the shop may do now: the shopper's choice for the current policy, else the configured default. */
export interface ConsentState {
  analytics: boolean;
  advertising: boolean;
  /** Whether the shopper chose (for this policy version): when not, the banner is shown. */
  chosen: boolean;
}

export function consentState(
  choice: ConsentChoice | undefined,
  defaults: { analytics: boolean; advertising: boolean },
  policyVersion: string,
): ConsentState {
  if (choice && choice.version === policyVersion)
    return { analytics: choice.analytics, advertising: choice.advertising, chosen: true };
  return { ...defaults, chosen: false };
}

export function granted(state: ConsentState, category: ConsentCategory): boolean {
  return category === 'essential' || state[category];
}
