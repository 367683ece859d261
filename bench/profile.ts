// npm run bench:profile: where the time of a rendered page goes. For each page, the production server
// (fresh embedded database, page cache off: every request rendered) is warmed up, then profiled by V8
// for a fixed number of requests at a few connections (bench/cpu-profile.mjs starts and stops the
// profiler around them); the CPU time is split into the parts of the rendering path
// (bench/profile-summary.ts) and printed in ms per request. The profiles are kept for a closer look
// (Chrome DevTools → Performance → Load profile, or speedscope.app).
// A path `/checkout/{token}` is a checkout of a two-line cart made for the run.
//   npm run bench:profile -- --paths /,/collections/apparel --requests 3000 --connections 10 --no-build --record --label before
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PARTS, sourceResolver, summarize, type CpuProfile, type Part } from './profile-summary';
import { cartAndCheckout } from './buyers';
import { freePort, startServer } from './server';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    paths: { type: 'string', default: '/,/collections/apparel,/products/linen-shirt' },
    requests: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: join(root, 'bench/profiles') },
    label: { type: 'string', default: '' },
    'no-build': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
  },
});
const paths = values.paths!.split(',');
const requests = Number(values.requests);
const connections = Number(values.connections);

/** The visitor whose cart the checkout page shows. */
const VISITOR = '0c0ffee0-0000-4000-8000-0000000be0c5';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitForFile(file: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} was not written`);
    await sleep(20);
  }
}

function load(url: string, amount: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, amount, headers: { 'accept-encoding': 'gzip' } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
mkdirSync(values.out!, { recursive: true });
const resolve = sourceResolver(root);
const results: { path: string; perRequest: Map<Part, number>; totalMs: number; rps: number; p99: number }[] = [];

for (const path of paths) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-profile-'));
  const profileFile = join(
    values.out!,
    `${
      path === '/'
        ? 'home'
        : path
            .replace(/[{}]/g, '')
            .replace(/^\/|\/$/g, '')
            .replace(/\//g, '-')
    }.cpuprofile`,
  );
  rmSync(profileFile, { force: true });
  rmSync(`${profileFile}.started`, { force: true });
  rmSync(`${profileFile}.done`, { force: true });
  const port = await freePort();
  const server = await startServer(port, dataDir, {
    PAGE_CACHE_TTL_MS: '0',
    NODE_OPTIONS: `--import ${join(root, 'bench/cpu-profile.mjs')}`,
    CPU_PROFILE_FILE: profileFile,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const url = base + path.replace('{token}', path.includes('{token}') ? await cartAndCheckout(base, VISITOR) : '');
    // Warm-up: caches filled and the hot paths compiled, before the profiler starts.
    for (let i = 0; i < 200; i++) await fetch(url).then((r) => r.arrayBuffer());
    await load(url, Math.min(requests, 2000));
    server.kill('SIGUSR2');
    await waitForFile(`${profileFile}.started`);
    const measured = await load(url, requests);
    server.kill('SIGUSR2');
    await waitForFile(`${profileFile}.done`);
    const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
    const { micros, total } = summarize(profile, resolve);
    const done = measured.requests.sent;
    const perRequest = new Map(PARTS.map((p) => [p, micros.get(p)! / 1000 / done]));
    results.push({ path, perRequest, totalMs: total / 1000 / done, rps: measured.requests.average, p99: measured.latency.p99 });
    console.log(`\n${path}: ${done} requests at ${connections} connections, ${measured.requests.average.toFixed(0)} req/s`);
    for (const part of PARTS) {
      const ms = perRequest.get(part)!;
      if (ms >= 0.005) console.log(`  ${ms.toFixed(3).padStart(7)} ms  ${part}`);
    }
    console.log(`  ${(total / 1000 / done).toFixed(3).padStart(7)} ms  CPU per request in all (profile: ${profileFile})`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.record) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const head = `| part | ${results.map((r) => r.path).join(' | ')} |`;
  const rows = PARTS.filter((p) => results.some((r) => r.perRequest.get(p)! >= 0.005)).map(
    (part) => `| ${part} | ${results.map((r) => r.perRequest.get(part)!.toFixed(3)).join(' | ')} |`,
  );
  appendFileSync(
    join(root, 'bench/RESULTS.md'),
    [
      '',
      `## Profile${values.label ? ` (${values.label})` : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
      `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; one server process, page cache off (every request rendered), ${requests} requests per page at ${connections} connections after a warm-up; V8 CPU profile sampled every 100 µs, idle left out. CPU ms per request:`,
      '',
      head,
      `| --- | ${results.map(() => '---').join(' | ')} |`,
      ...rows,
      `| **all** | ${results.map((r) => `**${r.totalMs.toFixed(3)}**`).join(' | ')} |`,
      `| (req/s, p99 ms while profiled) | ${results.map((r) => `${r.rps.toFixed(0)}, ${r.p99}`).join(' | ')} |`,
      '',
    ].join('\n'),
  );
}
