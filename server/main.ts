// The production entry and the only reader of the environment: config -> database -> createApp -> listen.
//   PORT (3000), HOST (0.0.0.0), PUBLIC_URL (the shop's public address; http://localhost:PORT, or
//   http://HOST:PORT when HOST names one), DATABASE_URL (PostgreSQL; else embedded PGlite in DATA_DIR/pglite),
//   DATA_DIR (./data), MERCHANT_TOKEN, MEDIA_DIR (fixtures/images), CACHE_TTL_MS (2000),
//   PAGE_CACHE_TTL_MS (= CACHE_TTL_MS; 0 renders every request),
//   SMTP_URL (mail through this server; else .eml files in DATA_DIR/outbox), MAIL_FROM (the sender),
//   MERCHANT_EMAIL (where contact messages and feedback are mailed; the address of MAIL_FROM unless set),
//   CHECKOUT_REMINDER_AFTER_MS (3600000: an abandoned checkout's one reminder),
//   CDN_PURGE_URL, CDN_PURGE_TOKEN (none: where a saved change asks a CDN to purge, docs/caching.md),
//   VITRINE_FAULT_INJECTION=1 (e2e builds only),
//   TRUSTED_PROXIES (comma-separated addresses of the reverse proxies in front of the shop: only their
//   X-Forwarded-For is believed for the client's address, which failed sign-ins are counted by),
//   STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY (both set: the Stripe methods are offered; docs/payments.md: Stripe),
//   STRIPE_WEBHOOK_SECRET (verifies Stripe's webhooks), STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL
//   (where the Stripe SDK sends its calls: api.stripe.com:443 over https unless set; for a stand-in of Stripe),
//   WORKERS (with DATABASE_URL: how many server processes share the port, node:cluster; default: the number
//   of cores; the embedded PGlite is one process and says so at start),
//   LOG_LEVEL (info: fatal, error, warn, info, debug, trace or silent; lines are JSON on standard output).
// With several workers the first process (the primary) brings the database up to date and hands each
// worker the merchant token, then forks them and starts again any that dies; the timed jobs run in worker 0.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createLogger, isLogLevel, logTo } from './log/logger';
import { listen } from './listen';
import { startJobs } from './jobs/schedule';
import { createMailer } from './mail/mailer';
import { validatePage } from './commerce/pages/validate-page';
import { validateFunnel } from './commerce/funnels/validate-funnel';
import { openDatabase } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { loadOrCreateMerchantToken } from './merchant-token';
import { readClientAssets } from './ssr/client-assets';
import { createStripeProvider } from './payments/stripe/provider';

const env = process.env;
// Every line of the server, its own and the shop's, goes through this logger (server/log: no card number or
// secret is written).
const logger = createLogger({ level: env.LOG_LEVEL && isLogLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info' });
if (env.LOG_LEVEL && !isLogLevel(env.LOG_LEVEL)) {
  logger.fatal(`LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, not "${env.LOG_LEVEL}"`);
  process.exit(1);
}
// This file is built to dist/server/main.js: the project root is two folders up.
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = env.DATA_DIR ?? join(root, 'data');
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const publicUrl = env.PUBLIC_URL ?? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;

const requestedWorkers = env.WORKERS ? Number(env.WORKERS) : undefined;
if (requestedWorkers !== undefined && !(Number.isInteger(requestedWorkers) && requestedWorkers >= 1)) {
  logger.fatal(`WORKERS must be a whole number of at least 1, not "${env.WORKERS}"`);
  process.exit(1);
}
const workers = env.DATABASE_URL ? (requestedWorkers ?? availableParallelism()) : 1;
const log = logTo(logger);

if (cluster.isPrimary && workers > 1) await runPrimary(workers);
else await runServer();

/** Prepares the database once, then runs `count` workers on the one port, each started again if it dies. */
async function runPrimary(count: number) {
  const database = await openPrepared();
  await database.close();
  const merchantToken = await merchantTokenOf();
  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ MERCHANT_TOKEN: merchantToken, VITRINE_WORKER_INDEX: String(index) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      log(`worker ${index} stopped (${signal ?? `exit code ${code}`}); starting it again in 1 s`);
      setTimeout(() => fork(index), 1000);
    });
  };
  for (let index = 0; index < count; index++) fork(index);
  logger.info(`${count} server processes on port ${port} (postgres)`);
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) => new Promise((resolve) => (worker!.isDead() ? resolve(null) : worker!.once('exit', resolve))),
    );
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    await Promise.all(exits);
    process.exit(0);
  };
  // A failing shutdown stays an unhandled rejection: the process exits with an error, as before.
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function openPrepared() {
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  const { seeded } = await prepareDatabase(database, {
    migrationsFolder: join(root, 'server/db/migrations'),
    fixturesDir: join(root, 'fixtures'),
    checkPage: validatePage,
    checkFunnel: validateFunnel,
  });
  if (seeded.length) logger.info(`seeded the ${database.driver} database with the demo shop (${seeded.join(', ')})`);
  return database;
}

async function merchantTokenOf(): Promise<string> {
  if (env.MERCHANT_TOKEN) return env.MERCHANT_TOKEN;
  const file = join(dataDir, 'merchant-token');
  const loaded = await loadOrCreateMerchantToken(file);
  if (loaded.created) logger.info(`merchant token (shown once, kept in ${file}): ${loaded.token}`);
  return loaded.token;
}

/** One server process: this one alone, or a worker of the primary's. */
async function runServer() {
  const workerIndex = cluster.isWorker ? Number(env.VITRINE_WORKER_INDEX ?? 0) : 0;
  // A worker finds the database prepared by the primary (migrations are not run again in every process).
  const database = cluster.isWorker ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! }) : await openPrepared();
  if (database.driver === 'pglite' && requestedWorkers !== undefined && requestedWorkers > 1)
    logger.info('the embedded PGlite serves from one process: WORKERS is used with DATABASE_URL only');
  const merchantToken = await merchantTokenOf();
  const changes = database.openChangeFeed(log);
  await changes.ready().catch((error) => log('the change feed does not listen yet (caches expire by their TTL)', error));
  const clientDir = join(root, 'dist/client');
  const outboxDir = join(dataDir, 'outbox');
  const mailFrom = env.MAIL_FROM ?? 'Vitrine <shop@localhost>';
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir, from: mailFrom });
  if (!env.SMTP_URL && workerIndex === 0) logger.info(`no SMTP_URL: mail is written to ${outboxDir}`);
  // Stripe is offered only with both keys (without them its methods are not in the list).
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          host: env.STRIPE_API_HOST,
          port: env.STRIPE_API_PORT,
          protocol: env.STRIPE_API_PROTOCOL === 'http' ? ('http' as const) : undefined,
        }
      : null;
  if (stripe && !stripe.webhookSecret) logger.info('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
  const app = createApp({
    db: database.db,
    mailer,
    changes,
    log,
    providers: stripe ? [(context) => createStripeProvider(stripe, context)] : [],
    config: {
      merchantToken,
      publicUrl,
      mediaDir: env.MEDIA_DIR ?? join(root, 'fixtures/images'),
      clientDir,
      clientAssets: await readClientAssets(clientDir),
      cacheTtlMs: env.CACHE_TTL_MS ? Number(env.CACHE_TTL_MS) : undefined,
      pageCacheTtlMs: env.PAGE_CACHE_TTL_MS ? Number(env.PAGE_CACHE_TTL_MS) : undefined,
      checkoutReminderAfterMs: env.CHECKOUT_REMINDER_AFTER_MS ? Number(env.CHECKOUT_REMINDER_AFTER_MS) : undefined,
      // The shop's forms are mailed to its own address (the sender's, `Name <address>` or a bare address) unless told.
      merchantEmail: env.MERCHANT_EMAIL ?? /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom,
      faultInjection: env.VITRINE_FAULT_INJECTION === '1',
      cdnPurgeUrl: env.CDN_PURGE_URL,
      cdnPurgeToken: env.CDN_PURGE_TOKEN,
      trustedProxies: (env.TRUSTED_PROXIES ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      testPayments: {
        ...(env.TEST_CARD_SETTLE_MS ? { settleAfterMs: Number(env.TEST_CARD_SETTLE_MS) } : {}),
        ...(env.TEST_BANK_WEBHOOK_MS ? { bankWebhookAfterMs: Number(env.TEST_BANK_WEBHOOK_MS) } : {}),
        ...(env.TEST_BANK_WEBHOOK_SECRET ? { bankWebhookSecret: env.TEST_BANK_WEBHOOK_SECRET } : {}),
      },
    },
  });

  // The timed jobs are safe to run in several processes, but one process is enough.
  const jobs = startJobs(workerIndex === 0 ? app.jobs : [], log);

  const server = listen(app.fetch, { port, hostname: host }, (info) => {
    if (workerIndex === 0)
      logger.info(
        `shop on ${publicUrl} (listening on ${host}:${info.port}, ${database.driver}${database.driver === 'pglite' ? ', one process' : ''})`,
      );
  });

  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    server.close();
    await jobs.stop();
    await app.mailSettled();
    await changes.close();
    await database.close();
    process.exit(0);
  }
  // A failing shutdown stays an unhandled rejection: the process exits with an error, as before.
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
