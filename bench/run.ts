// npm run bench: builds, starts the production server on a free loopback port (fresh embedded database),
// drives each page with autocannon for 10 s at 50 connections, measures the first-load JavaScript of
// each page (gzip, as served), prints the figures and appends them to bench/RESULTS.md.
//   npm run bench -- --duration 10 --connections 50 --paths /,/products/linen-shirt --no-build
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    paths: { type: 'string', default: '/,/collections/hot-sale,/products/linen-shirt' },
    'no-build': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const paths = values.paths!.split(',');

/** Targets of issue 2 (home page, uncached, on this 2-core machine). */
const TARGET = { rps: 1000, p99Ms: 100, firstLoadKb: 110 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(port: number, dataDir: string, extraEnv: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MERCHANT_TOKEN: 'bench',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/site`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the server did not start within 60 s');
}

/** Every script the page loads before it is interactive: module scripts and module preloads. */
async function firstLoadJs(base: string, path: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"/g)) urls.add(m[1]!);
  let gzipBytes = 0;
  for (const url of urls) {
    const response = await fetch(base + url, { headers: { 'accept-encoding': 'gzip' } });
    const body = new Uint8Array(await response.arrayBuffer());
    // fetch decompresses; the size on the wire is the Content-Length of the gzip file served.
    gzipBytes += Number(response.headers.get('content-length') ?? body.length);
  }
  return { files: urls.size, gzipBytes };
}

function load(url: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The shop as it runs (page cache on), then rendering every request (page cache off). */
const MODES = [
  { name: 'page cache (default)', env: {} },
  { name: 'render every request', env: { PAGE_CACHE_TTL_MS: '0' } },
] as const;

if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const rows: string[] = [];
let failedTargets = 0;
for (const mode of MODES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const port = await freePort();
  const server = await startServer(port, dataDir, mode.env);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const path of paths) {
      for (let i = 0; i < 300; i++) await fetch(base + path).then((r) => r.arrayBuffer()); // warm up: JIT, caches
      const result = await load(base + path);
      const js = await firstLoadJs(base, path);
      const kb = js.gzipBytes / 1024;
      const errors = result.errors + result.non2xx;
      const rps = Math.round(result.requests.average);
      const { p50, p99 } = result.latency;
      const meets = rps >= TARGET.rps && p99 <= TARGET.p99Ms && kb <= TARGET.firstLoadKb && errors === 0;
      if (!meets && mode === MODES[0]) failedTargets++;
      console.log(
        `${mode.name} ${path}: ${rps} req/s, p50 ${p50} ms, p99 ${p99} ms, ${errors} errors; first-load JS ${kb.toFixed(1)} KB gz in ${js.files} files ${meets ? '(meets targets)' : '(misses a target)'}`,
      );
      rows.push(
        `| ${mode.name} | ${path} | ${rps} | ${p50} | ${p99} | ${errors} | ${kb.toFixed(1)} (${js.files} files) | ${meets ? 'yes' : 'no'} |`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!values['no-record']) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  appendFileSync(
    join(root, 'bench/RESULTS.md'),
    [
      '',
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
      `${cpus().length} × ${cpu}, Node ${process.version}, one server process on PGlite, autocannon ${connections} connections × ${duration} s per page on the same machine, after 300 warm-up requests. No HTTP or CDN cache: every request is answered by the server.`,
      `Targets (issue 2, home page): ≥ ${TARGET.rps} req/s, p99 ≤ ${TARGET.p99Ms} ms, first-load JS ≤ ${TARGET.firstLoadKb} KB gz.`,
      '',
      '| mode | page | req/s | p50 ms | p99 ms | errors | first-load JS KB gz | meets targets |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
}
process.exitCode = failedTargets ? 1 : 0;
