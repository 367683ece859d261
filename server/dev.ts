// Development entry for `npm run dev`: Vite serves the client with HMR and loads this app through
// @hono/vite-dev-server. The database (PGlite in data/dev unless DATABASE_URL) opens once and survives reloads.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { validatePage } from './commerce/pages/validate-page';
import { validateFunnel } from './commerce/funnels/validate-funnel';
import { openDatabase, type Database } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { loadOrCreateMerchantToken } from './merchant-token';
import { devClientAssets } from './ssr/client-assets';

const root = fileURLToPath(new URL('..', import.meta.url));
const state = globalThis as { __vitrineDevDb?: Promise<Database> };
state.__vitrineDevDb ??= (async () => {
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(root, 'data/dev/pglite') },
  );
  await prepareDatabase(database, {
    migrationsFolder: join(root, 'server/db/migrations'),
    fixturesDir: join(root, 'fixtures'),
    checkPage: validatePage,
    checkFunnel: validateFunnel,
  });
  return database;
})();

const database = await state.__vitrineDevDb;
const { token } = process.env.MERCHANT_TOKEN
  ? { token: process.env.MERCHANT_TOKEN }
  : await loadOrCreateMerchantToken(join(root, 'data/dev/merchant-token'));

export default createApp({
  db: database.db,
  config: {
    merchantToken: token,
    // Vite's dev server (vite.config.ts) listens on its default port.
    publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    mediaDir: join(root, 'fixtures/images'),
    clientAssets: devClientAssets(),
    cacheTtlMs: 0,
    pageCacheTtlMs: 0,
    development: true,
  },
});
