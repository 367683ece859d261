// npm run bench:accounts (issue 25): customer accounts on PostgreSQL. A scratch database and the
// production server (two workers, as on this machine by default), 60 active accounts made in the
// database, then:
//   1. Sign-in: an open loop of 20 sign-ins a second for `--duration` seconds (each its own connection,
//      as browsers come), the right password each time (Argon2id checked every time): p50, p95 and p99
//      of the answer, and errors (target: p95 <= 150 ms, 0 errors).
//   2. Render cost: the account pages (dashboard, profile, password) of a signed-in customer beside the
//      product page, each rendered every request (PAGE_CACHE_TTL_MS=0), one request at a time: median and
//      p95 of the server's own Server-Timing `total`.
// Prints the figures and appends them to bench/RESULTS.md.
//   npx tsx bench/accounts.ts --no-build --duration 30 --no-record
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../server/commerce/customers/passwords';
import { freePort, startServer } from './server';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '20' },
    'admin-url': { type: 'string', default: process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'no-build': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.duration);
const rate = Number(values.rate);
const TARGET = { signInP95Ms: 150, errors: 0 };
const PASSWORD = 'Bench-Marigold-Anchor-77';
const ACCOUNTS = 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const dbName = `vitrine_bench_accounts_${process.pid}`;
const adminUrl = values['admin-url']!;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-accounts-'));
const port = await freePort();
const server = await startServer(port, dataDir, { DATABASE_URL: databaseUrl, PAGE_CACHE_TTL_MS: '0', LOG_LEVEL: 'warn' });
const base = `http://127.0.0.1:${port}`;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
let failed = false;
try {
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench${i}@example.com`);
  for (const email of emails) {
    await db.query(
      `insert into customers (email, email_key, first_name, last_name, password_hash, state, activated_at) values ($1, $1, 'Bench', 'Customer', $2, 'active', now())`,
      [email, hash],
    );
  }
  const signIn = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/customer/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Connection: 'close' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await response.arrayBuffer();
    return {
      ms: performance.now() - started,
      ok: response.ok,
      token: /token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1],
    };
  };
  // Warm-up: the server's first sign-ins load the common-password list and compile the queries.
  for (const email of emails.slice(0, 5)) await signIn(email);

  // 1. An open loop: a sign-in starts every 1/rate s whatever the earlier ones are doing.
  const runs: Promise<{ ms: number; ok: boolean }>[] = [];
  const total = seconds * rate;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    runs.push(signIn(emails[i % ACCOUNTS]!));
  }
  const results = await Promise.all(runs);
  const elapsed = (performance.now() - start) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const errors = results.filter((r) => !r.ok).length;
  const signIns = {
    count: results.length,
    perSecond: Math.round((results.length / elapsed) * 10) / 10,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
  };
  console.log('sign-in', signIns);

  // 2. Render cost, one request at a time.
  const { token } = await signIn(emails[0]!);
  const cookie = `token=${token}; signedIn=1`;
  const pages = ['/products/linen-shirt', '/account/dashboard', '/account/profile', '/account/password'];
  const render: Record<string, { median: number; p95: number }> = {};
  for (const path of pages) {
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const response = await fetch(base + path, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      const totalMs = /total;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (i >= 20 && totalMs) times.push(Number(totalMs));
    }
    times.sort((a, b) => a - b);
    render[path] = { median: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
  }
  console.log('render (server total, ms)', render);

  const met = signIns.p95 <= TARGET.signInP95Ms && signIns.errors <= TARGET.errors;
  if (!met) failed = true;
  if (!values['no-record']) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    appendFileSync(
      join(root, 'bench/RESULTS.md'),
      [
        '',
        `## Customer accounts (issue 25), ${when} UTC, commit ${commit}`,
        '',
        `\`npx tsx bench/accounts.ts --duration ${seconds} --rate ${rate}\` on PostgreSQL, two server workers, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}.`,
        '',
        `**Sign-in** (an open loop of ${rate}/s for ${seconds} s, a new connection each, the right password; Argon2id 19 MiB, t=2):`,
        '',
        '| sign-ins | per second | p50 ms | p95 ms | p99 ms | errors | target |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        `| ${signIns.count} | ${signIns.perSecond} | ${signIns.p50} | ${signIns.p95} | ${signIns.p99} | ${signIns.errors} | p95 <= ${TARGET.signInP95Ms} ms, 0 errors: ${met ? 'met' : 'NOT met'} |`,
        '',
        "**Render cost** of a signed-in customer's pages beside the product page (rendered every request, one at a time; the server's Server-Timing `total`, 200 requests after 20 of warm-up):",
        '',
        '| page | median ms | p95 ms |',
        '| --- | --- | --- |',
        ...pages.map((p) => `| \`${p}\` | ${render[p]!.median} | ${render[p]!.p95} |`),
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  // Stopped before its database is dropped (which would end its connections under it).
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill();
  });
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
