// What the benchmarks share: a free loopback port, the production server started on it (and its
// readiness awaited), the shop's calls as a visitor makes them, and the first-load JavaScript of a page
// as served.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { linkIn, mailsTo } from '../test-support/mail-outbox';

const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServer(port: number, dataDir: string, extraEnv: Record<string, string>): Promise<ChildProcess> {
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
  await startedBy(child, `http://127.0.0.1:${port}/api/site`, 60_000, 250, 'the server');
  return child;
}

/**
 * Waits until `url` answers OK, asking every `everyMs`; after `timeoutMs` kills `child` (the process
 * meant to answer) and throws, naming it as `what`.
 */
export async function startedBy(child: ChildProcess, url: string, timeoutMs: number, everyMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  child.kill();
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

/** Every script the page loads before it is interactive: module scripts and module preloads. */
export async function firstLoadJs(base: string, path: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"/g)) urls.add(m[1]!);
  // The preloads that wait for the page's main paint (renderer/deferred-preloads.ts).
  const deferred = /<script type="application\/json" id="vitrine-preloads">(.*?)<\/script>/.exec(html)?.[1];
  for (const url of deferred ? (JSON.parse(deferred) as string[]) : []) urls.add(url);
  let gzipBytes = 0;
  for (const url of urls) {
    const response = await fetch(base + url, { headers: { 'accept-encoding': 'gzip' } });
    const body = new Uint8Array(await response.arrayBuffer());
    // fetch decompresses; the size on the wire is the Content-Length of the gzip file served.
    gzipBytes += Number(response.headers.get('content-length') ?? body.length);
  }
  return { files: urls.size, gzipBytes };
}

/** One call of the shop's API as `visitor`; answers the envelope's data, throws on an error answer. */
export async function call<T>(
  base: string,
  visitor: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', customerUUID: visitor, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/**
 * A new customer account, activated by the link of its mail (read from DATA_DIR/outbox) as its owner
 * would: its session token.
 */
export async function signedInCustomer(base: string, dataDir: string): Promise<string> {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  await call(
    base,
    randomUUID(),
    'POST',
    '/api/customer/user/register',
    {
      firstName: 'Bench',
      lastName: 'Customer',
      email,
      password: 'Bench-Marigold-Anchor-77',
    },
    { Origin: base },
  );
  const deadline = Date.now() + 10_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = (await mailsTo(join(dataDir, 'outbox'), email)).map((text) => linkIn(text, '/account/activate')).find(Boolean);
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no activation mail came');
  const token = new URL(link, base).searchParams.get('token');
  const response = await fetch(`${base}/api/customer/user/activate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ token }),
  });
  const session = /token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`activation answered ${response.status}`);
  return session;
}
