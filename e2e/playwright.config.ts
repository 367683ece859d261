import { defineConfig } from '@playwright/test';

// Runs against the production build (npm run build first) on a fresh embedded database.
// Chromium is Debian's (/usr/bin/chromium): Playwright's own browser download is not possible here.
// E2E_PORT lets two checkouts of the project run their end-to-end tests side by side.
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const MERCHANT_TOKEN = 'e2e-merchant-token';
/** The test bank's webhook secret of the e2e server: tests send the bank's webhooks themselves. */
export const TEST_BANK_WEBHOOK_SECRET = 'whsec_e2e_test_bank';

/** Debian's Chromium, started quiet (no first-run, sync or update traffic); the QA snapshot run adds its own flags. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails once is run again and reported as flaky (npm test prints how many).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  expect: { toHaveScreenshot: { animations: 'disabled', caret: 'hide' } },
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: CHROMIUM,
    trace: 'off',
  },
  // The specs share one shop. The checkout-style tests change a setting every page reads (the site's
  // checkout style), and the site-mode tests what every page answers (maintenance, password…), so each
  // runs as its own project once every other spec has finished.
  projects: [
    // The QA snapshots (snapshots/) have a config and a server of their own (e2e/snapshots/playwright.config.ts).
    { name: 'shop', testIgnore: [/(checkout-styles|site-modes)\.spec\.ts/, /\/snapshots\//] },
    { name: 'site-settings', testMatch: /checkout-styles\.spec\.ts/, dependencies: ['shop'] },
    { name: 'site-modes', testMatch: /site-modes\.spec\.ts/, dependencies: ['site-settings'] },
  ],
  webServer: {
    command: `rm -rf e2e/.data && NODE_ENV=production DATA_DIR=e2e/.data PORT=${PORT} HOST=127.0.0.1 MERCHANT_TOKEN=${MERCHANT_TOKEN} VITRINE_FAULT_INJECTION=1 TEST_CARD_SETTLE_MS=1500 TEST_BANK_WEBHOOK_MS=0 TEST_BANK_WEBHOOK_SECRET=${TEST_BANK_WEBHOOK_SECRET} node dist/server/main.js`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/site`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
