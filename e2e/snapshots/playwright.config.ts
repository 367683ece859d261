import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../playwright.config';
import { SNAPSHOT_NOW } from './stable';

// The QA snapshot run (docs/qa-snapshots.md): every fixture page and funnel step, pictured and its server
// markup kept, against the production build (npm run build first) on a shop of its own: its own port
// (SNAPSHOT_PORT), its own fresh database, and a server whose clock stands still (fixed-clock.mjs).
export const PORT = Number(process.env.SNAPSHOT_PORT ?? 3230);
export const MERCHANT_TOKEN = 'snapshot-merchant-token';
export const ORIGIN = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: /snapshots\.spec\.ts$/,
  outputDir: '../../test-results/snapshot-run',
  // The committed pictures and markup: snapshots/<pages|funnels>/…/<lang>-<width>.png and <lang>.html.
  snapshotPathTemplate: '{testDir}/../../snapshots/{arg}{ext}',
  globalSetup: './funnel-buyers.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // npm test (.ci/test-all.mjs) reads the counts from Playwright's JSON report when it asks for one.
  reporter: [['list'], ['./report.ts'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  timeout: 60_000,
  expect: {
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: ORIGIN,
    launchOptions: {
      executablePath: CHROMIUM.executablePath,
      args: [
        ...CHROMIUM.args,
        // The same pixels on every run: no font hinting or subpixel positioning that depends on the host.
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--force-color-profile=srgb',
      ],
    },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf e2e/snapshots/.data && NODE_ENV=production DATA_DIR=e2e/snapshots/.data PORT=${PORT} HOST=127.0.0.1 MERCHANT_TOKEN=${MERCHANT_TOKEN} SNAPSHOT_NOW=${SNAPSHOT_NOW} LOG_LEVEL=warn node --import ./e2e/snapshots/fixed-clock.mjs dist/server/main.js`,
    cwd: '../..',
    url: `${ORIGIN}/api/site`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
