// Tells every server process of the shop that something they keep in memory changed (a page saved, the
// site settings changed), so each forgets its read-through caches and rendered pages at once instead of
// when their TTL runs out. On PostgreSQL: LISTEN/NOTIFY on one channel, so no other server is needed
// (a notification reaches every listening connection when the transaction that sent it commits). The
// embedded PGlite serves one process: the feed has nobody to tell.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel the shop's processes listen on. */
export const CHANGE_CHANNEL = 'vitrine_changes';
/** How the feed's listening connections name themselves to PostgreSQL (pg_stat_activity). */
export const FEED_APPLICATION_NAME = 'vitrine change feed';

/** What changed. `all`: a process that lost its listening connection may have missed changes. */
export type ShopChange =
  | { kind: 'page'; handle: string }
  | { kind: 'funnel'; handle: string }
  | { kind: 'site' }
  | { kind: 'all' };

export interface ChangeFeed {
  /** Tells the other processes (this one has already dropped what it held). */
  publish(change: ShopChange): Promise<void>;
  /** Calls `listener` with each change another process published. */
  subscribe(listener: (change: ShopChange) => void): () => void;
  /** Resolves once the feed listens (PostgreSQL), so a change published after it is not missed. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process, nobody to tell (the embedded PGlite, tests of one app). */
export function localChangeFeed(): ChangeFeed {
  return {
    publish: async () => {},
    subscribe: () => () => {},
    ready: async () => {},
    close: async () => {},
  };
}

interface Notice {
  from: string;
  change: ShopChange;
}

/**
 * The feed over PostgreSQL: one connection of its own that LISTENs (reopened after a second when lost,
 * then `all` is reported, since notifications sent meanwhile are gone) and `pg_notify` through the pool.
 */
export function postgresChangeFeed(
  url: string,
  pool: { query(text: string, values: unknown[]): Promise<unknown> },
  log: (message: string, error?: unknown) => void,
): ChangeFeed {
  const self = randomUUID();
  const listeners = new Set<(change: ShopChange) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const tell = (change: ShopChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log('a listener of the change feed failed', error);
      }
    }
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: FEED_APPLICATION_NAME });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners();
      next.end().catch(() => {});
      if (closed) return;
      log('the change feed lost its connection; listening again in 1 s', error);
      retry = setTimeout(() => {
        listen().then(
          () => tell({ kind: 'all' }),
          () => {},
        );
      }, 1000);
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      try {
        const notice = JSON.parse(message.payload) as Notice;
        if (notice.from !== self) tell(notice.change);
      } catch (error) {
        log(`the change feed could not read a notification: ${message.payload}`, error);
      }
    });
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost(error);
      throw error;
    }
  }

  const listening = listen();
  listening.catch(() => {});
  return {
    async publish(change) {
      const notice: Notice = { from: self, change };
      await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(notice)]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
