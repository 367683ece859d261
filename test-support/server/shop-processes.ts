// Real server processes of the shop (test-support/server/shop-process-launcher.ts) on one PostgreSQL
// database: what several servers behind a load balancer are. Each keeps what it read for far longer than a
// test, so only the change feed (LISTEN/NOTIFY) can make a change in one show in another.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from './paths';
import { MERCHANT_TOKEN } from './test-app';

/** Far longer than the test: a fresh page in the other process can only come from the change feed. */
const LONG_TTL_MS = 10 * 60_000;

export interface ShopProcess {
  origin: string;
  child: ChildProcess;
  get(path: string, init?: RequestInit): Promise<Response>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startShopProcess(databaseUrl: string): Promise<ShopProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test-support/server/shop-process-launcher.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: origin,
      MERCHANT_TOKEN,
      CACHE_TTL_MS: String(LONG_TTL_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the shop process stopped (exit code ${code}) before it listened`)));
  });
  return { origin, child, get: (path, init) => fetch(`${origin}${path}`, init) };
}
