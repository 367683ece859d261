// The commerce services of one app: each holds its own short-lived caches over one database.
import type { Db } from '../db/connect';
import { createCarts } from './cart';
import { createCatalog } from './catalog/catalog';
import type { Provider } from '../payments/provider';
import { createCheckouts } from './checkout';
import { createOrders } from './orders';
import { createPromotions } from './catalog/promotions';
import { createReviews } from './catalog/reviews';
import { createPageStore } from './pages/page-store';
import { createPricing } from './pricing/pricing';
import { createReference } from './reference';
import { createRecovery } from './checkout/recover-checkout';
import { createSiteService } from './site';

export interface CommerceOptions {
  /** How long a process may serve what it read before reading again (other processes' writes). */
  cacheTtlMs: number;
  /** The payment providers by method code (server/payments). */
  provider: (code: string) => Provider | undefined;
}

export function createCommerce(db: Db, options: CommerceOptions) {
  const ttl = options.cacheTtlMs;
  const site = createSiteService(db, ttl);
  const catalog = createCatalog(db, ttl);
  const promotions = createPromotions(db, catalog, ttl);
  const reference = createReference(db, ttl);
  return {
    site,
    pricing: createPricing(site),
    catalog,
    reviews: createReviews(db, ttl),
    promotions,
    reference,
    carts: createCarts(db, promotions),
    checkouts: createCheckouts(db, { promotions, reference }),
    recovery: createRecovery(db),
    orders: createOrders(db, { promotions, reference, provider: options.provider }),
    pages: createPageStore(db, ttl),
  };
}

export type Commerce = ReturnType<typeof createCommerce>;
