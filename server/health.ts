// GET /health for load balancers and orchestrators: 200 while this process can reach its database, 503
// otherwise. Answered in every site mode (the guard does not see it): a shop in maintenance is healthy.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from './db/connect';

export function healthRoutes(db: Db) {
  return new Hono().get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });
}
