// The day's maps limits hold under a burst of lookups over several PostgreSQL connections: never more
// lookups counted than the limits allow, a visitor's count never left raised by a lookup the shop's limit
// refused, and a new UTC day starting again from nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapsOn } from '../../../test-support/server/maps-app';
import { createTestShop, type TestShop } from '../../../test-support/server/test-app';
import { mapsLookups } from '../../db/maps-schema';
import { ShopError } from '../errors';
import { createMaps } from './index';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop('postgres');
  await mapsOn(shop);
});
afterAll(() => shop.close());

const counts = () => shop.database.db.select().from(mapsLookups).orderBy(mapsLookups.scope, mapsLookups.key);

describe('the maps quota on PostgreSQL', () => {
  it('lets exactly the shop’s limit through a burst of 40 visitors, and counts no refused lookup', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const maps = createMaps(shop.database.db, {
      reference: shop.app.commerce.reference,
      site: shop.app.commerce.site,
      limits: { visitorPerDay: 3, shopPerDay: 7 },
      now: () => at,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => maps.search(`visitor-${i % 20}`, { input: 'Rue Oberkampf' }, 'en')),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    for (const r of refused) expect(((r as PromiseRejectedResult).reason as ShopError).error).toBe('mapsQuotaExceeded');
    const rows = await counts();
    expect(rows.find((r) => r.scope === 'shop')).toMatchObject({ day: '2026-03-02', count: 7 });
    expect(rows.filter((r) => r.scope === 'visitor').reduce((sum, r) => sum + r.count, 0)).toBe(7);
  });

  it('holds one visitor to their own limit under a burst, and starts a new day afresh, forgetting the days before yesterday', async () => {
    let at = new Date('2026-03-03T23:59:59Z');
    const maps = createMaps(shop.database.db, {
      reference: shop.app.commerce.reference,
      site: shop.app.commerce.site,
      limits: { visitorPerDay: 5, shopPerDay: 1000 },
      now: () => at,
    });
    const burst = await Promise.allSettled(Array.from({ length: 20 }, () => maps.search('ada', { input: 'Marienplatz' }, 'en')));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await maps.callTimes('ada')).toMatchObject({ used: 5, remaining: 0, resetsAt: '2026-03-04T00:00:00.000Z' });

    at = new Date('2026-03-04T00:00:01Z');
    expect(await maps.callTimes('ada')).toMatchObject({ used: 0, remaining: 5 });
    await maps.detail('ada', 'local:de-marienplatz', undefined, 'en');
    // The new day's first lookup cleared the days before yesterday.
    expect((await counts()).map((r) => r.day).sort()).toEqual(['2026-03-03', '2026-03-03', '2026-03-04', '2026-03-04']);
  });
});
