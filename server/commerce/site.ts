// Site info (spec section 3): one row of settings, read through a short cache.
import { eq } from 'drizzle-orm';
import type { Site } from '../../schemas/generated/api';
import type { Db } from '../db/connect';
import { siteSettings } from '../db/schema';
import { readThrough } from './cache';

export function createSiteService(db: Db, ttlMs: number) {
  const cache = readThrough<Site>({ ttlMs, max: 1 });
  return {
    async get(): Promise<Site> {
      return cache.get('site', async () => {
        const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
        if (!row) throw new Error('The site settings are missing: the database was not seeded.');
        return row.data as unknown as Site;
      });
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
