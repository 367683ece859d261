// A shop of its own for the address-suggestion tests (issue 27): the production build on a fresh
// PostgreSQL database, with the maps app turned ON in the database. No merchant call changes the used
// apps yet, and the shared e2e shop runs on the embedded PGlite (one process: nothing else may open its
// files), so this shop is started beside it; the change feed (LISTEN/NOTIFY) tells it to forget what it
// read, as a merchant's change would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CHANGE_CHANNEL = 'vitrine_changes';

export interface MapsShop {
  origin: string;
  /** Turns the site's googleMaps_enable and the used-apps entry googleMaps on or off. */
  setMaps(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function startMapsShop(): Promise<MapsShop> {
  const name = `vitrine_e2e_maps_${process.pid}_${Date.now()}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-maps-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      WORKERS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MERCHANT_TOKEN: 'e2e-maps-merchant-token',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the maps shop stopped (exit code ${child.exitCode}) before it answered`);
    const up = await fetch(`${origin}/api/site`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the maps shop did not answer within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const shop = new pg.Client({ connectionString: url });
  await shop.connect();
  return {
    origin,
    async setMaps(on) {
      await shop.query(
        `UPDATE reference_data
            SET value = (SELECT coalesce(jsonb_agg(app), '[]'::jsonb) FROM jsonb_array_elements(value) app
                          WHERE app->>'code' <> 'googleMaps') || $1::jsonb
          WHERE key = 'apps'`,
        [JSON.stringify(on ? [{ code: 'googleMaps', status: 'ON', config: { key: 'demo-maps-key' } }] : [])],
      );
      await shop.query(`UPDATE site_settings SET data = jsonb_set(data, '{googleMaps_enable}', $1::jsonb) WHERE id = 1`, [
        JSON.stringify(on),
      ]);
      await shop.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ from: 'e2e', change: { kind: 'all' } })]);
      // The shop forgets what it read once the notice reaches it: wait until it answers the new apps.
      for (let tries = 0; tries < 100; tries++) {
        const apps = (await (await fetch(`${origin}/api/app/config/used`)).json()) as { data: { code: string }[] | null };
        // A read under way when the cache is dropped fails (a 500; lru-cache aborts its fetch): ask again.
        if (apps.data?.some((app) => app.code === 'googleMaps') === on) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the maps shop did not see the maps app change');
    },
    async stop() {
      await shop.end();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
