// Campaign visits of one visitor sent at once (two tabs opened from the same mail, a bot) over two
// server processes on PostgreSQL, and on PGlite: one row for the visitor, one first touch that no later
// wave changes, and a last touch that is one of the visits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorTouches } from '../db/attribution-schema';
import { createTestShop, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

describe.each(['postgres', 'pglite'] as const)('campaign visits at once on %s', (driver) => {
  let shop: TestShop;
  let apps: TestShop['app'][];
  const newVisitor = visitors();

  beforeAll(async () => {
    shop = await createTestShop(driver);
    apps = driver === 'postgres' ? [shop.app, shop.anotherProcess()] : [shop.app];
  }, 120_000);
  afterAll(() => shop?.close());

  const wave = (visitor: string, name: string, size: number) =>
    Promise.all(
      Array.from({ length: size }, async (_, i) =>
        readEnvelope<{ recorded: boolean }>(
          await apps[i % apps.length]!.request('/api/utm', {
            method: 'POST',
            headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
            body: JSON.stringify({ fullUrl: encodeURIComponent(`/?utm_source=mail&utm_campaign=${name}-${i}`) }),
          }),
        ),
      ),
    );

  it('keeps one row and one first touch per visitor', async () => {
    const visitor = newVisitor();
    const first = await wave(visitor, 'first', 20);
    expect(first.every((a) => a.status === 200 && a.data.recorded)).toBe(true);
    const rows = () => shop.database.db.select().from(visitorTouches).where(eq(visitorTouches.visitorId, visitor));
    const [afterFirst, ...more] = await rows();
    expect(more).toEqual([]);
    expect(afterFirst!.firstCampaign).toMatch(/^first-\d+$/);
    expect(afterFirst!.lastCampaign).toMatch(/^first-\d+$/);

    await wave(visitor, 'second', 20);
    const [afterSecond, ...again] = await rows();
    expect(again).toEqual([]);
    expect(afterSecond!.firstCampaign).toBe(afterFirst!.firstCampaign);
    expect(afterSecond!.firstAt).toEqual(afterFirst!.firstAt);
    expect(afterSecond!.lastCampaign).toMatch(/^second-\d+$/);
  });
});
