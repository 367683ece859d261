// Site info (spec section 3): one row of settings, read through a short cache.
import { eq, sql } from 'drizzle-orm';
import type { Site } from '../../schemas/generated/api';
import type { Db } from '../db/connect';
import { siteSettings } from '../db/schema';
import type { CacheGroup } from './cache';

export function createSiteService(db: Db, caches: CacheGroup) {
  const cache = caches.readThrough<Site>({ max: 1 });
  const changedListeners = new Set<() => void>();
  return {
    /** Merges settings into extDataMap (a merchant's change, e.g. the checkout style) and tells the caches. */
    async updateExtData(patch: Record<string, string>): Promise<Site> {
      await db
        .update(siteSettings)
        .set({
          data: sql`jsonb_set(${siteSettings.data}, '{extDataMap}', coalesce(${siteSettings.data}->'extDataMap', '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
          updatedAt: new Date(),
        })
        .where(eq(siteSettings.id, 1));
      cache.clear();
      for (const listener of changedListeners) listener();
      return this.get();
    },
    onChanged(listener: () => void): () => void {
      changedListeners.add(listener);
      return () => changedListeners.delete(listener);
    },
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
