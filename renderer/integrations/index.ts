// The registry of vendor integrations: an app code of the used-apps configuration -> its module, loaded
// lazily (each its own chunk, nothing of it in a page's first-load JavaScript). Whoever decides that a
// page may load an app (consent, payment pages, /closed) asks `integrationFor(code)`, then calls `load`
// and hands `onEvent` the shop's events. Apps without a browser side are not here: customCss and
// customMeta are written by the server into the page, appEnv and lovin are settings, and the maps key
// serves the shop's own maps calls (spec section 7, Other), not a script in the browser.
import type { AppConfig } from '../../schemas/generated/api';
import type { IntegrationCode } from '../consent/app-categories';
import type { ConfigOf, Integration } from './integration';

export type BrowserIntegrationCode = Exclude<IntegrationCode, 'googleMaps'>;

type Modules = { [K in BrowserIntegrationCode]: () => Promise<{ default: Integration<ConfigOf<K>> }> };

export const INTEGRATIONS: Modules = {
  pixel: () => import('./pixel'),
  independentPixel: () => import('./independentPixel'),
  googleAnalytics: () => import('./googleAnalytics'),
  googleAnalytics4: () => import('./googleAnalytics4'),
  statcounter: () => import('./statcounter'),
  googlead: () => import('./googlead'),
  customJs: () => import('./customJs'),
  tagManager: () => import('./tagManager'),
  messenger: () => import('./messenger'),
  emailMarketing: () => import('./emailMarketing'),
  heatMap: () => import('./heatMap'),
  cartRecovery: () => import('./cartRecovery'),
  tiktok: () => import('./tiktok'),
  snapchat: () => import('./snapchat'),
};

const isBrowserIntegration = (code: string): code is BrowserIntegrationCode => Object.hasOwn(INTEGRATIONS, code);

/** An app that has a browser side and is switched on in its config too (`enable` of the Google tags). */
export function loadable(app: AppConfig): app is Extract<AppConfig, { code: BrowserIntegrationCode }> {
  if (app.status !== 'ON' || !isBrowserIntegration(app.code)) return false;
  return !('enable' in app.config) || app.config.enable;
}

/** The integration of an app code (its module loaded), or undefined for an app without a browser side. */
export async function integrationFor(code: string): Promise<Integration | undefined> {
  if (!isBrowserIntegration(code)) return undefined;
  return (await INTEGRATIONS[code]()).default as Integration;
}
