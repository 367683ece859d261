// The browser's side of cookie consent (issue 27), started once a page is hydrated: the banner for a
// visitor who has not chosen for the current policy, the preferences dialog from any
// `[data-consent-preferences]` button (the footer's "Cookie settings"), and the integrations the choice
// allows. This file is all of it that the first load carries; the banner and the integrations are
// separate chunks, loaded only when needed.
import { currentConsent, type ConsentEnv } from './consent-policy';

export const PREFERENCES_SELECTOR = '[data-consent-preferences]';

export function startConsent(env: ConsentEnv): void {
  const state = currentConsent(env.policy);
  if (state.analytics || state.advertising) void loadIntegrations(env);
  if (env.policy.banner && !state.chosen) void showConsent(env, 'banner');
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(PREFERENCES_SELECTOR)) return;
    event.preventDefault();
    void showConsent(env, 'preferences');
  });
}

/** The banner or the preferences dialog (its own chunk, with the locale's full messages). */
const showConsent = (env: ConsentEnv, mode: 'banner' | 'preferences') =>
  import('./show-consent').then(({ showConsent: show }) => show(env, mode, () => void loadIntegrations(env)));

/** Asks the server which integrations the visitor's consent allows here and loads them (its own chunk). */
const loadIntegrations = (env: ConsentEnv) =>
  import('../integrations/runtime').then(({ startIntegrations }) => startIntegrations(env, currentConsent(env.policy)));
