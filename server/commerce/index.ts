// The commerce services of one app: each holds its own short-lived caches over one database.
import type { Db } from '../db/connect';
import { createCatalog } from './catalog/catalog';
import { createPageStore } from './pages/page-store';
import { createSiteService } from './site';

export interface CommerceOptions {
  /** How long a process may serve what it read before reading again (other processes' writes). */
  cacheTtlMs: number;
}

export function createCommerce(db: Db, options: CommerceOptions) {
  const site = createSiteService(db, options.cacheTtlMs);
  return {
    site,
    catalog: createCatalog(db, site, options.cacheTtlMs),
    pages: createPageStore(db, options.cacheTtlMs),
  };
}

export type Commerce = ReturnType<typeof createCommerce>;
