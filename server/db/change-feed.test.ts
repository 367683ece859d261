// The change feed over PostgreSQL (LISTEN/NOTIFY): another process's change reaches every listener, a
// process does not hear its own, and a feed whose listening connection is cut listens again and says
// that changes may have been missed (`all`), then hears the next ones.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_APPLICATION_NAME, postgresChangeFeed, type ChangeFeed, type ShopChange } from './change-feed';
import { postgresDatabase } from '../../test-support/server/test-app';

let url: string;
let drop: () => Promise<void>;
let pool: pg.Pool;
const feeds: ChangeFeed[] = [];
const logs: string[] = [];

beforeAll(async () => {
  const created = await postgresDatabase();
  await created.database.close();
  ({ url, drop } = created);
  pool = new pg.Pool({ connectionString: url, max: 2 });
});
afterAll(async () => {
  await Promise.all(feeds.map((feed) => feed.close()));
  await pool?.end();
  await drop?.();
});

async function listeningFeed() {
  const heard: ShopChange[] = [];
  const feed = postgresChangeFeed(url, pool, (message) => logs.push(message));
  feeds.push(feed);
  feed.subscribe((change) => heard.push(change));
  await feed.ready();
  return { feed, heard };
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the change feed on PostgreSQL', () => {
  it('tells every other feed of a change, and not the one that made it', async () => {
    const one = await listeningFeed();
    const other = await listeningFeed();
    await one.feed.publish({ kind: 'page', handle: 'home' });
    await until(() => other.heard.length === 1);
    expect(other.heard).toEqual([{ kind: 'page', handle: 'home' }]);
    await other.feed.publish({ kind: 'site' });
    await until(() => one.heard.length === 1);
    expect(one.heard).toEqual([{ kind: 'site' }]);
    expect(other.heard).toHaveLength(1);
  });

  it('listens again when its connection is cut, says changes may have been missed, and hears the next ones', async () => {
    const sender = await listeningFeed();
    const listener = await listeningFeed();
    const cut = await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [FEED_APPLICATION_NAME],
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    await until(() => listener.heard.some((change) => change.kind === 'all'), 5000);
    expect(logs.some((line) => line.includes('lost its connection'))).toBe(true);
    await until(() => sender.heard.some((change) => change.kind === 'all'), 5000);
    await sender.feed.publish({ kind: 'page', handle: 'about' });
    await until(() => listener.heard.some((change) => change.kind === 'page'));
    expect(listener.heard.at(-1)).toEqual({ kind: 'page', handle: 'about' });
  });
});
