// npm run bench:render (issue 10): the shop rendering every request (PAGE_CACHE_TTL_MS=0: what signed-in
// visitors, carts, checkouts and previews get), on one process and on several.
//   1. Throughput: home, a collection, a product, the cart and a checkout step, 50 connections × 10 s each
//      (autocannon, after a warm-up), on the embedded database: req/s, p50, p99, errors.
//   2. The server's own time: the Server-Timing `total` of every answer at 10 connections, p75 and p99
//      (targets 20 and 60 ms).
//   3. The cost curve: pages of 6, 24, 48 and 96 products and of 5, 20 and 60 blocks, rendered one at a
//      time; the median Server-Timing `render` in ms (how render cost grows with page size).
//   4. Workers: the home page on PostgreSQL with WORKERS=1 and WORKERS=2 (a scratch database).
//   5. Peers: ../shared/peers/run.sh in the same run (a Next.js build and plain React of the same home).
// Then prints the figures and appends them to bench/RESULTS.md.
//   npm run bench:render -- --no-build --duration 10 --no-peers --no-workers --no-record
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import homePage from '../fixtures/pages/home.json' with { type: 'json' };
import { cartAndCheckout } from './buyers';
import { call, freePort, startServer } from './server';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'no-build': { type: 'boolean', default: false },
    'no-peers': { type: 'boolean', default: false },
    'no-workers': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const TARGET = { rps: 1000, p99Ms: 100, timingP75Ms: 20, timingP99Ms: 60, peerFactor: 5 };
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const MERCHANT = { Authorization: 'Bearer bench', 'Content-Type': 'application/json' };
const VISITOR = '0c0ffee0-0000-4000-8000-0000000be0c4';
/** What a browser sends that changes the answer: pages travel gzipped; the visitor's id cookie. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', cookie: `sakUUID=${VISITOR}` };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The durations (ms) of a Server-Timing header, by name. */
function serverTiming(header: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.trim().startsWith('dur='));
    if (name && dur) out[name] = Number(dur.trim().slice(4));
  }
  return out;
}

function load(url: string, options: { seconds: number; connections: number; timings?: number[] }): Promise<autocannon.Result> {
  const { pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: HEADERS,
        requests: [
          {
            method: 'GET',
            path: pathname + search,
            onResponse: options.timings
              ? (_status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
                  const total = serverTiming(headers['server-timing']).total;
                  if (total !== undefined) options.timings!.push(total);
                }
              : undefined,
          } as autocannon.Request,
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function warmUp(url: string) {
  for (let i = 0; i < 100; i++) await fetch(url, { headers: HEADERS }).then((r) => r.arrayBuffer());
  await load(url, { seconds: 3, connections });
}

/** The pages of the cost curve: grids of 24 products (the largest grid of distinct products) and mixed blocks. */
function costPages(): { handle: string; label: string; body: unknown }[] {
  const products = (n: number) => {
    const blocks = [];
    for (let left = n, i = 0; left > 0; i++, left -= 24) {
      blocks.push({
        id: `grid-${i}`,
        type: 'product-grid',
        settings: { collection: ['new-arrivals', 'hot-sale', 'home-living', 'accessories'][i % 4], limit: Math.min(24, left) },
      });
    }
    return blocks;
  };
  const mixed = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const kind = i % 4;
      if (kind === 0)
        return { id: `text-${i}`, type: 'rich-text', settings: { body: `<p>Block ${i}: made to be lived in.</p>` } };
      if (kind === 1) return { id: `banner-${i}`, type: 'image-banner', settings: homePage.blocks[0]!.settings };
      if (kind === 2)
        return { id: `grid-${i}`, type: 'product-grid', settings: { collection: 'hot-sale', limit: 4, heading: `Grid ${i}` } };
      return {
        id: `list-${i}`,
        type: 'collection-list',
        settings: { heading: `Collections ${i}`, collections: ['apparel', 'accessories', 'home-living'], columns: 3 },
      };
    });
  const page = (handle: string, title: string, blocks: unknown[]) => ({ handle, kind: 'shop', title, blocks });
  return [
    ...[6, 24, 48, 96].map((n) => ({
      handle: `bench-products-${n}`,
      label: `${n} products`,
      body: page(`bench-products-${n}`, `${n} products`, products(n)),
    })),
    ...[5, 20, 60].map((n) => ({
      handle: `bench-blocks-${n}`,
      label: `${n} blocks`,
      body: page(`bench-blocks-${n}`, `${n} blocks`, mixed(n)),
    })),
  ];
}

/**
 * The median render time of a page asked one request at a time (after a warm-up), and its HTML size.
 * Asked without compression: the figure is the page's making, not its gzip.
 */
async function renderCost(url: string): Promise<{ renderMs: number; drawnMs: number; kb: number }> {
  const plain = { 'accept-encoding': 'identity' };
  let bytes = 0;
  for (let i = 0; i < 30; i++) bytes = (await (await fetch(url, { headers: plain })).arrayBuffer()).byteLength;
  const renderOf = async (address: string) => {
    const response = await fetch(address, { headers: plain });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${address}: ${response.status}`);
    return serverTiming(response.headers.get('server-timing') ?? undefined).render!;
  };
  const renders: number[] = [];
  for (let i = 0; i < 200; i++) renders.push(await renderOf(url));
  // Each at an address of its own: nothing cached for it (no template, no block HTML), the page rendered whole,
  // as for the first visitor after a save.
  const drawn: number[] = [];
  for (let i = 0; i < 100; i++) drawn.push(await renderOf(`${url}?drawn=${i}`));
  return { renderMs: median(renders), drawnMs: median(drawn), kb: bytes / 1024 };
}

async function stop(server: ReturnType<typeof startServer> extends Promise<infer S> ? S : never) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

/** The Server-Timing `total` of every answer for `path` at 10 connections: its row of the table. */
async function serverTimingRow(base: string, path: string, where = ''): Promise<string> {
  const timings: number[] = [];
  await load(base + path, { seconds: Math.max(3, Math.round(duration / 2)), connections: 10, timings });
  const sorted = timings.sort((a, b) => a - b);
  const p75 = percentile(sorted, 75);
  const p99 = percentile(sorted, 99);
  const meets = p75 <= TARGET.timingP75Ms && p99 <= TARGET.timingP99Ms;
  const shown = `${path.startsWith('/checkout/') ? '/checkout/{token}' : path}${where}`;
  console.log(
    `${shown} Server-Timing at 10 connections: p75 ${p75.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${sorted.length} answers`,
  );
  return `| ${shown} | ${sorted.length} | ${p75.toFixed(1)} | ${p99.toFixed(1)} | ${meets ? 'yes' : 'no'} |`;
}

if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const notes: string[] = [];
const throughputRows: string[] = [];
const timingRows: string[] = [];
const costRows: string[] = [];
const workerRows: string[] = [];
let peerLines: string[] = [];
let homeRps = NaN;

// 1–3 on the embedded database, one process.
{
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-render-bench-'));
  const port = await freePort();
  const server = await startServer(port, dataDir, { PAGE_CACHE_TTL_MS: '0' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const checkoutToken = await cartAndCheckout(base, VISITOR);
    const paths = ['/', '/collections/apparel', '/products/linen-shirt', '/cart', `/checkout/${checkoutToken}`];
    for (const path of paths) {
      await warmUp(base + path);
      const result = await load(base + path, { seconds: duration, connections });
      const rps = Math.round(result.requests.average);
      if (path === '/') homeRps = rps;
      const errors = result.errors + result.non2xx;
      const meets = rps >= TARGET.rps && result.latency.p99 <= TARGET.p99Ms && errors === 0;
      const shown = path.startsWith('/checkout/') ? '/checkout/{token}' : path;
      console.log(`${shown}: ${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors`);
      throughputRows.push(
        `| ${shown} | ${rps} | ${result.latency.p50} | ${result.latency.p99} | ${errors} | ${meets ? 'yes' : 'no'} |`,
      );
    }
    for (const path of paths) timingRows.push(await serverTimingRow(base, path));
    for (const page of costPages()) {
      await call(base, VISITOR, 'PUT', `/api/pages/${page.handle}`, page.body, MERCHANT);
      const { renderMs, drawnMs, kb } = await renderCost(`${base}/pages/${page.handle}`);
      console.log(
        `${page.label}: ${renderMs.toFixed(2)} ms per render, ${drawnMs.toFixed(2)} ms rendered whole, ${kb.toFixed(0)} KB of HTML`,
      );
      costRows.push(`| ${page.label} | ${renderMs.toFixed(2)} | ${drawnMs.toFixed(2)} | ${kb.toFixed(0)} |`);
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// 4. One and two workers on PostgreSQL.
if (!values['no-workers']) {
  const name = `vitrine_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${name}`);
    for (const workers of [1, 2]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-render-bench-'));
      const port = await freePort();
      const server = await startServer(port, dataDir, { PAGE_CACHE_TTL_MS: '0', DATABASE_URL: url, WORKERS: String(workers) });
      try {
        await sleep(1000); // every worker listening
        const home = `http://127.0.0.1:${port}/`;
        await warmUp(home);
        const result = await load(home, { seconds: duration, connections });
        const rps = Math.round(result.requests.average);
        console.log(`WORKERS=${workers} (postgres) /: ${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
        workerRows.push(
          `| ${workers} | ${rps} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} |`,
        );
        // The checkout step on PostgreSQL too: its data is read in the database's own process there.
        const base = `http://127.0.0.1:${port}`;
        const path = `/checkout/${await cartAndCheckout(base, VISITOR)}`;
        await warmUp(base + path);
        timingRows.push(await serverTimingRow(base, path, ` (PostgreSQL, WORKERS=${workers})`));
      } finally {
        await stop(server);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } catch (error) {
    notes.push(`Workers not measured: ${(error as Error).message}`);
    console.error('workers not measured:', error);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

// 5. The peers, measured in the same run.
if (!values['no-peers']) {
  // A copy kept under bench/.tmp (ignored by git): the peers' installs and Next.js build are made once.
  const peers = join(root, 'bench/.tmp/peers');
  if (!existsSync(join(peers, 'run.sh'))) cpSync(join(root, '../shared/peers'), peers, { recursive: true });
  const run = spawnSync('bash', [join(peers, 'run.sh'), root, '/'], { cwd: root, encoding: 'utf8', timeout: 20 * 60_000 });
  peerLines = (run.stdout ?? '').split('\n').filter((line) => /req\/s/.test(line));
  for (const line of peerLines) console.log(`peer: ${line}`);
  if (!peerLines.length) notes.push(`The peers were not measured: ${(run.stderr || run.stdout || '').trim().slice(0, 300)}`);
}
const peerRps = (name: string) => Number(peerLines.find((l) => l.startsWith(`${name} `))?.split(/\s+/)[1]);
const nextRps = peerRps('next');

if (!values['no-record']) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  appendFileSync(
    join(root, 'bench/RESULTS.md'),
    [
      '',
      `## Rendering every request (issue 10), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
      `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; production build, PAGE_CACHE_TTL_MS=0 (every request rendered), one server process on the embedded database unless said; autocannon on the same machine, ${connections} connections × ${duration} s per page after a warm-up; requests carry a browser's Accept-Encoding and a visitor cookie. Targets: ≥ ${TARGET.rps} req/s with p99 ≤ ${TARGET.p99Ms} ms, ≥ ${TARGET.peerFactor}× the Next.js peer; Server-Timing p75 ≤ ${TARGET.timingP75Ms} ms and p99 ≤ ${TARGET.timingP99Ms} ms at 10 connections.`,
      '',
      '| page | req/s | p50 ms | p99 ms | errors | meets targets |',
      '| --- | --- | --- | --- | --- | --- |',
      ...throughputRows,
      '',
      "Server-Timing `total` (the server's own time for the answer) at 10 connections:",
      '',
      '| page | answers | p75 ms | p99 ms | meets targets |',
      '| --- | --- | --- | --- | --- |',
      ...timingRows,
      '',
      'Cost curve: one request at a time (not compressed), median Server-Timing `render` (router, loaders, React, serialisation) of 200 renders after a warm-up (written from the cached template: server/ssr/document-cache.ts), and of 100 renders each at an address of its own (nothing cached: the page rendered whole, as after a save):',
      '',
      '| page | ms per render | ms rendered whole | HTML KB |',
      '| --- | --- | --- | --- |',
      ...costRows,
      '',
      ...(workerRows.length
        ? [
            `Workers: the home page on the local PostgreSQL, WORKERS=N on one port, ${connections} connections × ${duration} s:`,
            '',
            '| workers | req/s | p50 ms | p99 ms | errors |',
            '| --- | --- | --- | --- | --- |',
            ...workerRows,
            '',
          ]
        : []),
      ...(peerLines.length
        ? [
            'Peers, the same home page measured in the same run by ../shared/peers/run.sh (wrk, 2 threads, 50 connections, 10 s):',
            '',
            '```',
            ...peerLines,
            '```',
            '',
            `Vitrine rendering every request against the Next.js peer: ${(homeRps / nextRps).toFixed(2)}× by autocannon above, ${(peerRps('vitrine-render') / nextRps).toFixed(2)}× by wrk in the peers' run (target ${TARGET.peerFactor}×).`,
            '',
          ]
        : []),
      ...notes.map((note) => `${note}\n`),
    ].join('\n'),
  );
}
