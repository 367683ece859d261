// What a shop's cookie consent depends on, read from the site's extDataMap (cookie, cookieAccepted,
// cookiePolicyVersion): shared by the server's consent records and integrations and by the browser's
// banner, so both read the settings one way.

export interface ConsentPolicy {
  /** extDataMap.cookie ON: a visitor without a choice for this version is asked. */
  banner: boolean;
  /** extDataMap.cookieAccepted ON: analytics and advertising are granted until the visitor chooses. */
  acceptedByDefault: boolean;
  /** The policy's version (a digest of the categories): a choice for another version does not count. */
  version: string;
}

export const consentPolicyOf = (extDataMap: Record<string, string>): ConsentPolicy => ({
  banner: extDataMap.cookie === 'ON',
  acceptedByDefault: extDataMap.cookieAccepted === 'ON',
  version: extDataMap.cookiePolicyVersion ?? '',
});
