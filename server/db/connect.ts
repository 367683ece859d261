// Opens the shop's database: embedded PGlite (a folder, or memory) by default, PostgreSQL when a URL is given.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import * as schema from './schema';

/** The shop's database, whichever driver opened it (each driver's own type is cast to it once, below). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the shop's database: what `db.transaction(async (tx) => …)` hands its work. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/**
 * What runs a query: the database, or a transaction in it. A domain step that must see and change rows
 * in its caller's transaction (a lock, a stock take, an offer's state) takes one.
 */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded client, when the driver is PGlite (tests dump and clone it). */
  pglite?: PGlite;
  /** Applies every pending migration in `folder`. */
  migrate(folder: string): Promise<void>;
  /** How this process hears of other processes' changes (PostgreSQL: LISTEN/NOTIFY; PGlite: one process). */
  openChangeFeed(log: (message: string, error?: unknown) => void): ChangeFeed;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'pglite-client'; client: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema });
    return {
      // node-postgres's and PGlite's databases differ only in the raw result of execute() (queryRows reads both).
      db: db as unknown as Db,
      driver: 'postgres',
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      openChangeFeed: (log) => postgresChangeFeed(target.url, pool, log),
      close: () => endPool(pool),
    };
  }
  if (target.kind === 'pglite' && target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const client =
    target.kind === 'pglite-client' ? target.client : await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    pglite: client,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    openChangeFeed: () => localChangeFeed(),
    close: () => client.close(),
  };
}

/**
 * Ends a pool once its connections are really closed: `pool.end()` resolves as soon as it has asked
 * each idle client to end, so a database dropped right after could still kill a closing connection
 * (an error nobody listens to any more).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Runs raw SQL and gives its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
