// Many buyers at once (issue 8, tests): on PostgreSQL with real parallel connections, and on PGlite with
// the concurrency it allows. Stock is never sold twice, a single-use coupon is used once, and every buyer
// who misses out gets a clear answer (5003 sold out, or the coupon refused), never a fault.
import { firstSku } from '../../test-support/server/skus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { pay, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { createTestShop, visitors, type Driver, type TestShop } from '../../test-support/server/test-app';

/** Runs `task` for every item, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return out;
}

const sizes: Record<Driver, { oneLeft: number; buyers: number; units: number; couponBuyers: number }> = {
  postgres: { oneLeft: 200, buyers: 500, units: 50, couponBuyers: 50 },
  pglite: { oneLeft: 20, buyers: 50, units: 5, couponBuyers: 10 },
};

describe.each(['postgres', 'pglite'] as const)('buyers at once on %s', (driver) => {
  const size = sizes[driver];
  let shop: TestShop;
  let skuId: number;
  /** A dearer SKU, whose one unit reaches every coupon's minimum spend. */
  let jacketId: number;
  const newVisitor = visitors();
  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(shop.database.db, query))[0]!.n);

  beforeAll(async () => {
    shop = await createTestShop(driver);
    skuId = (await firstSku(shop, 'wool-beanie')).id;
    jacketId = (await firstSku(shop, 'rain-jacket')).id;
  }, 180_000);
  afterAll(() => shop?.close());

  /** `n` buyers, each with a checkout of one unit ready to pay. */
  async function readyBuyers(n: number, options: { coupon?: string; email?: (i: number) => string; sku?: number } = {}) {
    const id = options.sku ?? skuId;
    await shop.database.db.execute(sql`update skus set stock = 100000 where id = ${id}`);
    const buyers = await inBatches([...Array(n).keys()], 25, async (i) => {
      const call = shopperOf(shop, newVisitor());
      const token = await readyCheckout(call, [{ skuId: id, quantity: 1 }], {
        coupon: options.coupon,
        email: options.email?.(i),
      });
      return { call, token };
    });
    return buyers;
  }

  async function payAll(buyers: { call: ReturnType<typeof shopperOf>; token: string }[]) {
    return Promise.all(buyers.map(({ call, token }) => pay(call, token)));
  }

  it(`sells the last unit once among ${size.oneLeft} buyers`, async () => {
    const buyers = await readyBuyers(size.oneLeft);
    await shop.database.db.execute(sql`update skus set stock = 1 where id = ${skuId}`);
    const before = await count(sql`select count(*)::int as n from orders where status = 'paid'`);
    const answers = await payAll(buyers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(size.oneLeft - 1);
    expect(refused.every((a) => a.status === 409 && a.code === 5003)).toBe(true);
    expect(refused[0]!.message).toBe('Some items are no longer available. Your cart has been updated.');
    expect(await count(sql`select stock as n from skus where id = ${skuId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from orders where status = 'paid'`)).toBe(before + 1);
    expect(shop.faults).toEqual([]);
  }, 120_000);

  it(`sells ${size.units} units to exactly ${size.units} of ${size.buyers} buyers`, async () => {
    const buyers = await readyBuyers(size.buyers);
    await shop.database.db.execute(sql`update skus set stock = ${size.units} where id = ${skuId}`);
    const answers = await payAll(buyers);
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(size.units);
    expect(answers.filter((a) => a.code === 5003)).toHaveLength(size.buyers - size.units);
    expect(await count(sql`select stock as n from skus where id = ${skuId}`)).toBe(0);
    // Stock and orders agree: every unit sold is in exactly one paid order.
    const tokens = paid.map((a) => a.data.orderToken);
    expect(
      await count(
        sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id
            where o.token in (${sql.join(
              tokens.map((t) => sql`${t}`),
              sql`, `,
            )}) and l.sku_id = ${skuId}`,
      ),
    ).toBe(size.units);
    expect(shop.faults).toEqual([]);
  }, 180_000);

  it(`lets ${size.couponBuyers} buyers use a single-use coupon once`, async () => {
    await shop.database.db.execute(sql`update coupons set used = 0 where code = 'ONEOFF'`);
    const buyers = await readyBuyers(size.couponBuyers, { coupon: 'ONEOFF', sku: jacketId });
    const answers = await payAll(buyers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 400 && /used up/.test(a.message))).toBe(true);
    // The page never charges more than it showed: no order was paid without the discount.
    expect(
      await count(
        sql`select count(*)::int as n from orders where status = 'paid' and checkout_id in (select id from checkouts where coupon_code = 'ONEOFF') and coupon_id is null`,
      ),
    ).toBe(0);
    expect(await count(sql`select used as n from coupons where code = 'ONEOFF'`)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from coupon_uses u join coupons c on c.id = u.coupon_id where c.code = 'ONEOFF'`),
    ).toBe(1);
    // The refused buyers' stock went back with their rolled-back orders.
    expect(
      await count(sql`select count(*)::int as n from orders o join coupon_uses u on u.order_id = o.id`),
    ).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('lets one email use a once-per-customer code once, from any number of checkouts at once', async () => {
    const buyers = await readyBuyers(8, { coupon: 'WELCOME10', email: () => 'same@example.com', sku: jacketId });
    const answers = await payAll(buyers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => /once per customer/.test(a.message))).toBe(true);
  }, 60_000);
});
