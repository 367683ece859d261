// `npm test`: every test — Vitest (unit, integration, database on PGlite and PostgreSQL), then the
// production build and Playwright in Chromium — and one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'vitrine-tests-'));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;

const vitestReport = join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0);
} else {
  failed += 1;
  console.error('vitest wrote no report');
}

const buildStatus = run('npm', ['run', 'build']);
if (buildStatus !== 0) {
  failed += 1;
  console.error('the production build failed: end-to-end tests not run');
} else {
  const playwrightReport = join(reports, 'playwright.json');
  const playwrightStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const playwright = readJson(playwrightReport);
  if (playwright) {
    if (playwright.stats.flaky)
      console.log(`${playwright.stats.flaky} end-to-end test(s) passed only when run again (flaky): see the list above`);
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected + (playwrightStatus !== 0 && playwright.stats.unexpected === 0 ? 1 : 0);
  } else {
    failed += 1;
    console.error('playwright wrote no report');
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
