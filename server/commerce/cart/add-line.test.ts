// Add to cart is one conditional statement: however many adds arrive at once, a line never holds
// more than the stock (or the 999 limit), and each refusal says how many can be in the cart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skus } from '../../db/catalog-schema';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../../test-support/server/test-app';
import { MAX_LINE_QUANTITY } from './add-line';

describe.each<Driver>(['pglite', 'postgres'])('adding to the cart on %s', (driver) => {
  let shop: TestShop;
  let skuId: number;
  beforeAll(async () => {
    shop = await createTestShop(driver);
    const [sku] = await shop.database.db.select({ id: skus.id }).from(skus).limit(1);
    skuId = sku!.id;
  });
  afterAll(() => shop?.close());

  const setStock = (stock: number) => shop.database.db.update(skus).set({ stock }).where(eq(skus.id, skuId));
  const add = async (visitor: string, quantity: number) =>
    readEnvelope<{ quantity: number } | { available: number; inCart: number }>(
      await shop.app.request('/api/shopping-carts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', customerUUID: visitor },
        body: JSON.stringify({ skuId, quantity }),
      }),
    );
  const visitor = (n: number) => `0c0ffee0-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('adds up to the stock, then says how many can be in the cart', async () => {
    await setStock(3);
    expect(await add(visitor(1), 2)).toMatchObject({ status: 200, data: { quantity: 2 } });
    expect(await add(visitor(1), 2)).toMatchObject({ status: 409, code: 5003, data: { available: 3, inCart: 2 } });
    expect(await add(visitor(1), 1)).toMatchObject({ status: 200, data: { quantity: 3 } });
  });

  it(`never lets a line pass ${MAX_LINE_QUANTITY}, whatever the stock`, async () => {
    await setStock(5000);
    expect(await add(visitor(2), MAX_LINE_QUANTITY)).toMatchObject({ status: 200 });
    expect(await add(visitor(2), 1)).toMatchObject({ code: 5003, data: { available: MAX_LINE_QUANTITY } });
  });

  it('refuses a sold-out SKU', async () => {
    await setStock(0);
    expect(await add(visitor(3), 1)).toMatchObject({ status: 409, code: 5003 });
  });

  it('adds at once from one visitor never pass the stock', async () => {
    await setStock(5);
    const answers = await Promise.all(Array.from({ length: 30 }, () => add(visitor(4), 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 5003)).toHaveLength(25);
    const cart = await readEnvelope<{ quantity: number }>(
      await shop.app.request('/api/shopping-carts/quantity', { headers: { customerUUID: visitor(4) } }),
    );
    expect(cart.data.quantity).toBe(5);
  });
});
