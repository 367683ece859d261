// The browser's side of cookie consent (issue 27), started once a page is hydrated: the buttons of the
// banner the server drew (shown before the first paint by consent-head-script.ts), the preferences dialog
// from the banner's "Choose cookies" or any `[data-consent-preferences]` button (the footer's "Cookie
// settings"), and the integrations the choice allows. This file is all of it that the first load carries;
// saving a choice, the dialog and the integrations are separate chunks, loaded only when needed.
import { CONSENT_ASK_CLASS } from './consent-head-script';
import { currentConsent, type ConsentEnv } from './consent-policy';
import type { Choice } from './save-consent';

export const PREFERENCES_SELECTOR = '[data-consent-preferences]';
const CHOICE_SELECTOR = '[data-consent-choice]';

export function startConsent(env: ConsentEnv): void {
  const state = currentConsent(env.policy);
  if (state.analytics || state.advertising) void loadIntegrations(env);
  // The head script decided before the page showed; this only agrees with it (a cookie set meanwhile).
  document.documentElement.classList.toggle(CONSENT_ASK_CLASS, env.policy.banner && !state.chosen);
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const action = event.target.closest<HTMLElement>(CHOICE_SELECTOR)?.dataset.consentChoice;
    if (action === 'accept' || action === 'reject') {
      const granted = action === 'accept';
      void choose(env, { analytics: granted, advertising: granted }, 'banner');
    } else if (action === 'customize' || event.target.closest(PREFERENCES_SELECTOR)) {
      event.preventDefault();
      void import('./show-consent').then(({ showPreferences }) =>
        showPreferences(env, (choice) => choose(env, choice, 'preferences')),
      );
    }
  });
}

/** Hides the banner at once (focus to the page if it was on the banner), then saves and loads what is allowed. */
async function choose(env: ConsentEnv, choice: Choice, source: 'banner' | 'preferences') {
  const root = document.documentElement;
  const wasOnBanner = document.activeElement?.closest('.consent-banner');
  root.classList.remove(CONSENT_ASK_CLASS);
  if (wasOnBanner) document.getElementById('main')?.focus();
  const { saveConsent } = await import('./save-consent');
  await saveConsent(env.api, choice, env.policy.version, source);
  void loadIntegrations(env);
}

/** Asks the server which integrations the visitor's consent allows here and loads them (its own chunk). */
const loadIntegrations = (env: ConsentEnv) =>
  import('../integrations/runtime').then(({ startIntegrations }) => startIntegrations(env, currentConsent(env.policy)));
