// Builds a real app for tests: a copy of the seeded template database (PGlite), or a fresh database
// on the local PostgreSQL server (created and dropped per test file), and the app over it.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createApiClient, type ApiClient } from '../../renderer/api/client';
import { createApp, type AppConfig, type AppDeps } from '../../server/app';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import { signatureQuery } from './sign';
import { validatePage } from '../../server/commerce/pages/validate-page';
import { validateFunnel } from '../../server/commerce/funnels/validate-funnel';
import { openDatabase, type Database } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { testClientAssets } from './client-assets';
import { mediaDir, projectPaths } from './paths';

export const MERCHANT_TOKEN = 'test-merchant-token';
/** The test shop's public address: app.request('/path') asks for http://localhost/path. */
export const PUBLIC_URL = 'http://localhost';
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Driver = 'pglite' | 'postgres';

export interface TestShop {
  app: ReturnType<typeof createApp>;
  /** A second app on the same database: what another server process would be. */
  anotherProcess: () => ReturnType<typeof createApp>;
  /** The renderer's API client, calling this app in-process. */
  api(locale?: string, currency?: string): ApiClient;
  database: Database;
  /** Every log line, with the fault's message after a colon when one was logged. */
  logs: string[];
  /** The faults logged (with their stacks): bad input never lands here. */
  faults: unknown[];
  close(): Promise<void>;
}

export { testClientAssets };

let template: Blob | undefined;

async function pgliteCopy(): Promise<Database> {
  template ??= new Blob([await readFile(inject('pgliteTemplate'))]);
  const client = await PGlite.create({ loadDataDir: template });
  return openDatabase({ kind: 'pglite-client', client });
}

/** A fresh database on the local PostgreSQL, migrated and seeded, and how to drop it. */
export async function postgresDatabase(): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `vitrine_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  await prepareDatabase(database, { ...projectPaths, checkPage: validatePage, checkFunnel: validateFunnel });
  return {
    database,
    url,
    drop: async () => {
      const admin2 = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin2.connect();
      await admin2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin2.end();
    },
  };
}

export async function createTestShop(
  driver: Driver = 'pglite',
  config: Partial<AppConfig> = {},
  deps: Pick<AppDeps, 'mailer' | 'providers' | 'log' | 'conversions'> = {},
): Promise<TestShop> {
  let database: Database;
  let drop = async () => {};
  if (driver === 'pglite') {
    database = await pgliteCopy();
  } else {
    ({ database, drop } = await postgresDatabase());
  }
  const logs: string[] = [];
  const faults: unknown[] = [];
  const appConfig: AppConfig = {
    merchantToken: MERCHANT_TOKEN,
    publicUrl: PUBLIC_URL,
    mediaDir,
    clientAssets: testClientAssets,
    cacheTtlMs: 2000,
    ...config,
  };
  const app = createApp({
    ...deps,
    db: database.db,
    config: appConfig,
    log: (message, error) => {
      logs.push(`${message}${error ? `: ${error instanceof Error ? error.message : String(error)}` : ''}`);
      if (error !== undefined) faults.push(error);
      // A test that reads the written lines too (the server's own logger, server/log/logger.ts).
      deps.log?.(message, error);
    },
  });
  return {
    app,
    anotherProcess: () => createApp({ ...deps, db: database.db, config: appConfig, log: () => {} }),
    api: (locale = 'en', currency?: string) =>
      createApiClient({
        origin: 'http://shop.test',
        fetch: async (input, init) => app.fetch(input instanceof Request && !init ? input : new Request(input, init)),
        locale,
        currency,
        timeout: false,
      }),
    database,
    logs,
    faults,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export const merchantHeaders = { Authorization: `Bearer ${MERCHANT_TOKEN}`, 'Content-Type': 'application/json' };

/** Saves a page as the merchant does (PUT /api/pages/{handle}). */
export const putPage = (shop: TestShop, handle: string, page: unknown) =>
  shop.app.request(`/api/pages/${handle}`, { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(page) });

/** Reads an envelope response: { status, body }. */
export async function readEnvelope<T = unknown>(
  response: Response,
): Promise<{ status: number; code: number; message: string; data: T }> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  return { status: response.status, ...body };
}

/** An API call as a visitor (customerUUID), with a JSON body, read as the envelope. */
/** A call as the visitor's browser makes it: payment calls signed (schemas/payment-signature.ts). */
export async function visitorCall<T = unknown>(shop: TestShop, visitor: string, method: string, path: string, body?: unknown) {
  const signed =
    isSignedPaymentCall(method, path) && !/[?&]s=/.test(path)
      ? `${path}${path.includes('?') ? '&' : '?'}${signatureQuery({ origin: PUBLIC_URL, visitor, body, query: Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? '')) })}`
      : path;
  return readEnvelope<T>(
    await shop.app.request(`/api${signed}`, {
      method,
      headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** Visitor ids of their own, one per call. */
export function visitors() {
  let n = 0;
  return () => `0c0ffee0-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}
