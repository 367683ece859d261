// `npm test`: every test — Vitest (unit, integration, database on PGlite and PostgreSQL), then the
// production build and Playwright in Chromium (the end-to-end specs, then the QA snapshots) — and one
// closing line `N passed, N failed`.
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
  // The end-to-end specs, then the QA snapshots of every fixture page and funnel step (docs/qa-snapshots.md).
  runPlaywright('playwright', ['-c', 'e2e/playwright.config.ts', '--reporter=list,json']);
  runPlaywright('snapshots', ['-c', 'e2e/snapshots/playwright.config.ts']);
}

/** One Playwright run, its results counted from its JSON report. */
function runPlaywright(name, args) {
  const report = join(reports, `${name}.json`);
  const status = run('npx', ['playwright', 'test', ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const result = readJson(report);
  if (result) {
    if (result.stats.flaky)
      console.log(`${result.stats.flaky} ${name} test(s) passed only when run again (flaky): see the list above`);
    passed += result.stats.expected + result.stats.flaky;
    failed += result.stats.unexpected + (status !== 0 && result.stats.unexpected === 0 ? 1 : 0);
  } else {
    failed += 1;
    console.error(`${name}: playwright wrote no report`);
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
