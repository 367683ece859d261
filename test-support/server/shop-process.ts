// One server process of the shop on a PostgreSQL database that is already prepared, for tests that run
// several processes side by side (server/multi-process.test.ts): what `server/main.ts` starts in each
// worker, with the test build's client assets. Environment: DATABASE_URL, PORT, PUBLIC_URL, MERCHANT_TOKEN,
// CACHE_TTL_MS. It prints `listening PORT` once it serves, and stops on SIGTERM.
import { createApp } from '../../server/app';
import { listen } from '../../server/listen';
import pino from 'pino';
import { createLogger, logTo } from '../../server/log/logger';
import { openDatabase } from '../../server/db/connect';
import { testClientAssets } from './client-assets';
import { mediaDir } from './paths';

const env = process.env;
// Its log goes to standard error (standard output carries the `listening` line the test waits for).
const log = logTo(createLogger({ destination: pino.destination({ dest: 2, sync: true }) }));
const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: 4 });
const changes = database.openChangeFeed(log);
await changes.ready();
const app = createApp({
  db: database.db,
  changes,
  log,
  config: {
    merchantToken: env.MERCHANT_TOKEN!,
    publicUrl: env.PUBLIC_URL!,
    mediaDir,
    clientAssets: testClientAssets,
    cacheTtlMs: Number(env.CACHE_TTL_MS ?? 2000),
  },
});
const server = listen(app.fetch, { port: Number(env.PORT), hostname: '127.0.0.1' }, (info) => {
  console.log(`listening ${info.port}`);
});
process.on('SIGTERM', () => void stop());
async function stop() {
  server.close();
  await changes.close();
  await database.close();
  process.exit(0);
}
