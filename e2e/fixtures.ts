// The test of every spec: it fails on any console error or uncaught page error (hydration mismatches
// show up there), except the expected failed load of a document answered 404/500.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_COOKIE, serializeConsent } from '../renderer/consent/consent-cookie';

let policyVersion: Promise<string> | undefined;
/** The shop's cookie policy version (a consent choice counts for it only). */
async function cookiePolicyVersion(baseURL: string): Promise<string> {
  return (policyVersion ??= fetch(new URL('/api/site', baseURL))
    .then((r) => r.json() as Promise<{ data: { extDataMap: Record<string, string> } }>)
    .then((body) => body.data.extDataMap.cookiePolicyVersion ?? ''));
}

/** The visitor of `context` has answered the cookie banner, refusing analytics and advertising. */
export async function refuseTrackers(context: BrowserContext, baseURL: string) {
  const version = await cookiePolicyVersion(baseURL);
  const value = serializeConsent({ analytics: false, advertising: false, version, at: Date.now() / 1000 });
  await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(value), url: baseURL }]);
}

export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[]; consentChosen: boolean }>({
  /** Console errors a test expects (e.g. the router reporting the fault behind a 500 page). */
  expectedConsoleErrors: [[], { option: true }],
  /**
   * Whether the visitor has answered the cookie banner (refusing analytics and advertising), as every
   * spec but the consent ones wants: no banner over the page, no tracker loaded (there is no internet).
   */
  consentChosen: [true, { option: true }],
  // `provide`: Playwright's `use`, named apart from React's hooks (the linter's rules of hooks).
  context: async ({ context, baseURL, consentChosen }, provide) => {
    if (consentChosen && baseURL) await refuseTrackers(context, baseURL);
    await provide(context);
  },
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = [/Failed to load resource: the server responded with a status of (404|500)/, ...expectedConsoleErrors];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (expected.some((pattern) => pattern.test(message.text()))) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Resolves once React has hydrated the server's HTML. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** axe (WCAG 2.1 A and AA, best practices) finds nothing on the page, or within `include` (a selector). */
export async function expectNoAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
    ),
  ).toEqual([]);
}
