// The outbox of server purchase events with several senders at once, on PostgreSQL: two database pools
// (two server processes), two runners on each, claiming the same due rows. Each event reaches the platform
// exactly once; a runner that dies after sending leaves its row to be sent again only once its lease is
// over, with the same event id, which the platform counts once; a runner whose lease ran out cannot
// record its late result over the new claim.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PaymentOutcome, Product } from '../../schemas/generated/api';
import { cardToken, idempotencyKey, readyCheckout } from '../../test-support/server/buyer';
import { browserOf, consentCookie, setAdApps } from '../../test-support/server/purchase-events';
import { setStock } from '../../test-support/server/skus';
import { createTestShop, POSTGRES_ADMIN_URL, visitors, type TestShop } from '../../test-support/server/test-app';
import { cacheGroup } from '../commerce/cache';
import { createPurchaseEvents } from '../commerce/purchase-events';
import { CLAIM_LEASE_MS, claimDue, markSent } from '../commerce/purchase-events/claim';
import { createLocalConversions, type LocalConversions } from '../commerce/purchase-events/local-conversions';
import type { ConversionsProvider } from '../commerce/purchase-events/provider';
import { createReference } from '../commerce/reference';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { serverEventOutbox } from '../db/purchase-events-schema';

let shop: TestShop;
/** A second pool on the same database: what another server process would hold. */
let second: Database;
let platform: LocalConversions;
let shirt: number;
const newVisitor = visitors();

/** The stand-in, answering after a few milliseconds as a platform over the network would (so sends overlap). */
const slow = (inner: ConversionsProvider): ConversionsProvider => ({
  send: async (event) => {
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 15));
    return inner.send(event);
  },
});

beforeAll(async () => {
  platform = createLocalConversions();
  shop = await createTestShop('postgres', { cacheTtlMs: 0 }, { conversions: slow(platform) });
  const [database] = await queryRows<{ name: string }>(shop.database.db, sql`select current_database() as name`);
  second = await openDatabase({
    kind: 'postgres',
    url: POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${database!.name}`),
    poolSize: 4,
  });
  const product = (await browserOf(shop, newVisitor(), null)<Product>('GET', '/products/linen-shirt')).data;
  shirt = product.skus[0]!.id;
  await setStock(shop, shirt, 1000);
  await setAdApps(shop, { meta: true, tiktok: true });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

async function paidOrder(): Promise<Order> {
  const call = browserOf(shop, newVisitor(), consentCookie({ advertising: true }));
  const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }]);
  const paid = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken: checkout,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call),
    idempotencyKey: idempotencyKey(),
  });
  if (paid.data.status !== 'paid') throw new Error(`pay: ${paid.status} ${paid.message}`);
  return (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
}

const senderOn = (database: Database) =>
  createPurchaseEvents(database.db, { reference: createReference(database.db, cacheGroup(0)), provider: slow(platform) });

describe('several senders at once', () => {
  it('sends each event exactly once, whichever of four runners in two processes claims it', async () => {
    const orders = await Promise.all(Array.from({ length: 15 }, () => paidOrder()));
    const ids = new Set(orders.map((o) => o.purchaseEventId!));
    expect(ids.size).toBe(15);
    const senders = [senderOn(shop.database), senderOn(shop.database), senderOn(second), senderOn(second)];
    const sent = await Promise.all(
      senders.map(async (sender, i) => {
        let count = 0;
        // Small batches, run until nothing is due: the runners keep meeting on the same rows.
        for (let run = 0; run < 40; run++) {
          const report = await sender.sendDue({ runner: `runner-${i}-${run}`, batch: 2 });
          count += report.sent;
          if (report.sent === 0 && report.retried === 0) break;
        }
        return count;
      }),
    );
    // 15 orders × 2 platforms, each sent by one runner only, and more than one runner took part.
    expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
    expect(sent.filter((n) => n > 0).length).toBeGreaterThan(1);
    const ours = platform.deliveries().filter((d) => ids.has(d.eventId));
    expect(ours).toHaveLength(30);
    expect(new Set(ours.map((d) => `${d.platform}:${d.eventId}`)).size).toBe(30);
    const rows = await shop.database.db.select().from(serverEventOutbox);
    const mine = rows.filter((r) => ids.has(r.eventId));
    expect(mine.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('never hands one row to two claims made at the same moment from two pools', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const ids = new Set(orders.map((o) => o.purchaseEventId!));
    const now = new Date();
    const claims = await Promise.all(
      [shop.database, shop.database, second, second].map((database, i) =>
        claimDue(database.db, { runner: `claimer-${i}`, now, batch: 5 }),
      ),
    );
    const claimed = claims.flat().filter((c) => ids.has(c.eventId));
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed.map((c) => c.id)).size).toBe(12);
    // Those claims end their lease unsent: sent later by whoever claims them then, once each.
    const later = new Date(now.getTime() + CLAIM_LEASE_MS + 1_000);
    await Promise.all([senderOn(shop.database).sendDue({ now: later }), senderOn(second).sendDue({ now: later })]);
    const ours = platform.deliveries().filter((d) => ids.has(d.eventId));
    expect(ours).toHaveLength(12);
  });

  it('sends again after a runner died mid-send, once its lease is over; the platform counts it once', async () => {
    const order = await paidOrder();
    const eventId = order.purchaseEventId!;
    const now = new Date();
    // A runner claims both rows and sends them, then its process dies before it records anything.
    const [pixel] = (await claimDue(shop.database.db, { runner: 'doomed', now, batch: 50 })).filter(
      (c) => c.eventId === eventId && c.platform === 'pixel',
    );
    expect(pixel).toBeDefined();
    await platform.send({ platform: 'pixel', eventId, destinations: [{ id: '1234567890123456' }], payload: pixel!.payload });

    // While its lease runs, no other runner takes the row.
    const other = senderOn(second);
    await other.sendDue({ now: new Date(now.getTime() + CLAIM_LEASE_MS - 1_000) });
    expect(platform.deliveries().filter((d) => d.eventId === eventId && d.platform === 'pixel')).toHaveLength(1);

    // After it, the row is claimed again and sent again, with the same id: received twice, counted once.
    await other.sendDue({ now: new Date(now.getTime() + CLAIM_LEASE_MS + 1_000) });
    const deliveries = platform.deliveries().filter((d) => d.eventId === eventId && d.platform === 'pixel');
    expect(deliveries.map((d) => d.counted)).toEqual([true, false]);

    // The dead runner's late word (its process back from a long pause) changes nothing.
    expect(await markSent(shop.database.db, pixel!, 'doomed', { late: true }, new Date())).toBe(false);
    const [row] = await queryRows<{ status: string; attempts: number; response: unknown }>(
      shop.database.db,
      sql`select status, attempts, response from server_event_outbox where event_id = ${eventId} and platform = 'pixel'`,
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row!.response).not.toEqual({ late: true });
  });
});
