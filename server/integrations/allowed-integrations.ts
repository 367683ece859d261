// Which integrations of the used-apps configuration a page may load for a visitor (issue 27): the server
// decides, from the visitor's consent (the `consent` cookie, else the shop's default), the app's consent
// category (renderer/consent/app-categories.ts) and the page. The browser is told only of these, each
// with the public part of its configuration: a refused category's ids never reach it.
import { APP_CATEGORY, type IntegrationCode } from '../../renderer/consent/app-categories';
import { granted, type ConsentState } from '../../renderer/consent/consent-cookie';
import type { AllowedIntegration, AppConfig } from '../../schemas/generated/api';
import { mayRunOnPage } from '../../renderer/consent/page-rules';
import { loadable } from '../../renderer/integrations';

/** Configuration keys that are secrets of the server's (a Conversions API token): never sent to a browser. */
const SECRET_KEY = /token|secret|password|apikey|api_key/i;

export const isIntegration = (code: string): code is IntegrationCode => Object.hasOwn(APP_CATEGORY, code);

/** The configuration without its secrets, at any depth (a pixel list's entries carry their own token). */
export function publicConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(publicConfig);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, publicConfig(v)]),
    );
  return value;
}

export function allowedIntegrations(apps: readonly AppConfig[], consent: ConsentState, path: string): AllowedIntegration[] {
  return apps
    .filter((app) => loadable(app) && isIntegration(app.code))
    .filter((app) => granted(consent, APP_CATEGORY[app.code as IntegrationCode]))
    .filter((app) => mayRunOnPage(app.code, path))
    .map((app) => ({ code: app.code, config: publicConfig(app.config) as Record<string, unknown> }));
}
