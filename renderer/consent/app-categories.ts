// Which consent category each integration of the used-apps configuration (spec section 3) needs before it
// may load. The spec has three categories; a third party that learns about the visitor for the shop's own
// use (analytics, heat maps, the maps service that reads what the shopper types, the chat) needs
// `analytics`; one that follows the visitor elsewhere or markets to them (pixels, ad tags, email marketing,
// cart recovery, the tag manager, which may carry any tag) needs `advertising`. Custom JS is the merchant's
// own code: nothing tells what it does, so it gets the strictest category.
import type { OptionalCategory } from './consent-cookie';

export const APP_CATEGORY = {
  pixel: 'advertising',
  independentPixel: 'advertising',
  googleAnalytics: 'analytics',
  googleAnalytics4: 'analytics',
  statcounter: 'analytics',
  googlead: 'advertising',
  customJs: 'advertising',
  tagManager: 'advertising',
  messenger: 'analytics',
  emailMarketing: 'advertising',
  heatMap: 'analytics',
  cartRecovery: 'advertising',
  googleMaps: 'analytics',
  tiktok: 'advertising',
  snapchat: 'advertising',
} as const satisfies Record<string, OptionalCategory>;

export type IntegrationCode = keyof typeof APP_CATEGORY;
