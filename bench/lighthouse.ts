// Lighthouse 12 (mobile, simulated throttling) with Debian's Chromium, for the benchmarks: the median
// score of each category over a few runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Issue 3: Lighthouse mobile targets. */
export const LIGHTHOUSE_TARGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
export type Category = keyof typeof LIGHTHOUSE_TARGET;
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage';

/** Lighthouse 12 (mobile, simulated throttling) with Debian's Chromium; the median of `runs` runs per category. */
export function lighthouse(url: string, runs: number): Record<Category, number> {
  const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-lighthouse-'));
  try {
    for (let run = 0; run < runs; run++) {
      const out = join(dir, `run-${run}.json`);
      execFileSync(
        'npx',
        [
          '-y',
          'lighthouse@12.8.2',
          url,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        {
          cwd: root,
          env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
          stdio: ['ignore', 'ignore', 'inherit'],
          timeout: 180_000,
        },
      );
      const report = JSON.parse(readFileSync(out, 'utf8')) as { categories: Record<Category, { score: number }> };
      for (const category of Object.keys(scores) as Category[])
        scores[category].push(Math.round(report.categories[category].score * 100));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, median(v)])) as Record<Category, number>;
}
