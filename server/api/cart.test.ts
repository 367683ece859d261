// The cart of spec sections 2 and 7 on the demo shop's data, on PGlite and PostgreSQL: priced by the
// server with the active promotions, discount hints, quantities changed and lines taken out, "add all"
// all or nothing, sold-out lines taken out when the cart is read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Product } from '../../schemas/generated/api';
import { skus } from '../db/catalog-schema';
import {
  createTestShop,
  readEnvelope,
  visitorCall,
  visitors,
  type Driver,
  type TestShop,
} from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('the cart on %s', (driver) => {
  let shop: TestShop;
  const sku: Record<string, number> = {};
  beforeAll(async () => {
    shop = await createTestShop(driver);
    for (const handle of ['linen-shirt', 'rain-jacket', 'ceramic-mug', 'soy-candle', 'notebook-set']) {
      const product = (await readEnvelope<Product>(await shop.app.request(`/api/products/${handle}`))).data;
      sku[handle] = product.skus.find((s) => s.available)!.id;
    }
  });
  afterAll(() => shop?.close());

  const newVisitor = visitors();
  const call = <T>(visitor: string, method: string, path: string, body?: unknown) =>
    visitorCall<T>(shop, visitor, method, path, body);
  const add = (visitor: string, skuId: number, quantity: number) => call(visitor, 'POST', '/shopping-carts', { skuId, quantity });
  const cart = async (visitor: string) => (await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts')).data;

  it('prices the cart with its promotions: a volume tier per line, then the best cart tier', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['linen-shirt']!, 2);
    const priced = await cart(visitor);
    // 2 × 59.00: the "buy more" tier for 2 takes 5 % (5.90); spend after that is 112.10, over 100.00,
    // so "spend and save" takes 10 % of it (11.21).
    expect(priced.lines[0]).toMatchObject({ quantity: 2, lineTotal: { amount: 11800 }, discount: { amount: 590 } });
    expect(priced.totals).toMatchObject({
      totalLineItemsPrice: { amount: 11800, currencyCode: 'USD' },
      totalPromotion: { amount: 1711 },
      totalCoupon: { amount: 0 },
      subtotalPrice: { amount: 10089 },
      totalPrice: { amount: 10089 },
    });
    expect(priced.hints).toEqual(
      expect.arrayContaining([
        { promotion: 'Buy more, save more', by: 'quantity', more: 1, percentOff: 10 },
        { promotion: 'Spend more, save more', by: 'quantity', more: 2, amountOff: { amount: 1500, currencyCode: 'USD' } },
      ]),
    );
    expect(priced.removed).toEqual([]);
  });

  it('prices in the currency asked, with the same promotions', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['linen-shirt']!, 2);
    const euros = (await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts?currencyCode=EUR')).data;
    expect(euros.totals.totalPrice.currencyCode).toBe('EUR');
    expect(euros.lines[0]!.discount.amount).toBeGreaterThan(0);
    expect(euros.totals.totalPromotion.amount).toBeGreaterThan(euros.lines[0]!.discount.amount);
    expect(euros.hints.map((h) => h.promotion)).toEqual((await cart(visitor)).hints.map((h) => h.promotion));
  });

  it('changes a line’s quantity (1 up to the stock) and answers the cart as it now is', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['rain-jacket']!, 1);
    const line = (await cart(visitor)).lines[0]!;
    const more = await call<Cart>(visitor, 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 3 });
    expect(more).toMatchObject({ status: 200, data: { quantity: 3, lines: [{ id: line.id, quantity: 3 }] } });
    await shop.database.db.update(skus).set({ stock: 4 }).where(eq(skus.id, sku['rain-jacket']!));
    expect(await call(visitor, 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 5 })).toMatchObject({
      status: 409,
      code: 5003,
      data: { available: 4 },
    });
    expect(await call(visitor, 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 0 })).toMatchObject({
      status: 400,
    });
    expect((await cart(visitor)).lines[0]!.quantity).toBe(3);
    // Another visitor's line is not yours to change.
    expect(await call(newVisitor(), 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 1 })).toMatchObject({
      status: 404,
    });
  });

  it('takes a line out, and taking it out again changes nothing', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['rain-jacket']!, 1);
    await add(visitor, sku['linen-shirt']!, 1);
    const [first] = (await cart(visitor)).lines;
    const after = await call<Cart>(visitor, 'DELETE', `/multicurrency/shopping-carts/${first!.id}`);
    expect(after.data.lines.map((l) => l.id)).not.toContain(first!.id);
    expect(after.data.quantity).toBe(1);
    expect(await call(visitor, 'DELETE', `/multicurrency/shopping-carts/${first!.id}`)).toMatchObject({
      status: 200,
      data: { quantity: 1 },
    });
    expect(await call(visitor, 'DELETE', '/multicurrency/shopping-carts/abc')).toMatchObject({ status: 404 });
  });

  it('adds a bundle’s items all at once, or none of them when one cannot be had', async () => {
    const visitor = newVisitor();
    const bundle = ['ceramic-mug', 'soy-candle', 'notebook-set'].map((h) => ({ skuId: sku[h]!, quantity: 1 }));
    expect(await call(visitor, 'POST', '/shopping-carts/saveProducts', { items: bundle })).toMatchObject({
      status: 200,
      data: { quantity: 3 },
    });
    const priced = await cart(visitor);
    // The "morning ritual" bundle: 15 % off each of the three.
    expect(priced.lines.every((l) => l.discount.amount > 0)).toBe(true);

    const other = newVisitor();
    await shop.database.db.update(skus).set({ stock: 0 }).where(eq(skus.id, sku['notebook-set']!));
    expect(await call(other, 'POST', '/shopping-carts/saveProducts', { items: bundle })).toMatchObject({
      status: 409,
      code: 5003,
    });
    expect((await cart(other)).lines).toEqual([]);
    await shop.database.db.update(skus).set({ stock: 20 }).where(eq(skus.id, sku['notebook-set']!));
  });

  it('takes out what sold out, brings a line down to the stock, and says so once', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['soy-candle']!, 3);
    await add(visitor, sku['ceramic-mug']!, 1);
    await shop.database.db.update(skus).set({ stock: 2 }).where(eq(skus.id, sku['soy-candle']!));
    await shop.database.db.update(skus).set({ stock: 0 }).where(eq(skus.id, sku['ceramic-mug']!));
    const settled = await cart(visitor);
    expect(settled.removed).toEqual([
      { title: 'Soy Candle', quantity: 1 },
      { title: 'Ceramic Mug', quantity: 1 },
    ]);
    expect(settled.lines.map((l) => [l.title, l.quantity])).toEqual([['Soy Candle', 2]]);
    expect((await cart(visitor)).removed).toEqual([]);
  });

  it('prices SKUs with the promotions without a cart, and refuses one that does not exist', async () => {
    const visitor = newVisitor();
    const priced = await call<{ lines: { discount: { amount: number } }[]; totals: Cart['totals'] }>(
      visitor,
      'POST',
      '/shopping-carts/skus/calculatePromotePrice',
      { items: [{ skuId: sku['linen-shirt']!, quantity: 2 }] },
    );
    // The same as the cart of the first test: 5 % per shirt, then 10 % of the spend.
    expect(priced).toMatchObject({
      status: 200,
      data: { lines: [{ discount: { amount: 590 } }], totals: { subtotalPrice: { amount: 10089 } } },
    });
    expect((await cart(visitor)).lines).toEqual([]);
    expect(
      await call(visitor, 'POST', '/shopping-carts/skus/calculatePromotePrice', { items: [{ skuId: 2147483647, quantity: 1 }] }),
    ).toMatchObject({ status: 404, code: 5002 });
  });

  it('takes a discount code in any case, prices the cart with it, and takes it off', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['rain-jacket']!, 1);
    const applied = await call<Cart>(visitor, 'POST', '/multicurrency/general/coupon', { code: ' welcome10 ' });
    // 149.00: "spend and save" takes 10 % (14.90); WELCOME10 (minimum 50.00) takes 10 % of what is left.
    expect(applied).toMatchObject({
      status: 200,
      data: {
        coupon: { code: 'WELCOME10', applied: true },
        totals: { totalPromotion: { amount: 1490 }, totalCoupon: { amount: 1341 }, subtotalPrice: { amount: 12069 } },
      },
    });
    expect((await cart(visitor)).totals.totalCoupon.amount).toBe(1341);
    const removed = await call<Cart>(visitor, 'DELETE', '/coupon');
    expect(removed.data).toMatchObject({
      coupon: null,
      totals: { totalCoupon: { amount: 0 }, subtotalPrice: { amount: 13410 } },
    });
  });

  it('says "please enter the coupon", "enter a valid discount code", or that the minimum spend is not reached', async () => {
    const visitor = newVisitor();
    await add(visitor, sku['ceramic-mug']!, 1);
    expect(await call(visitor, 'POST', '/multicurrency/general/coupon', { code: '  ' })).toMatchObject({
      status: 400,
      data: { errors: [{ path: '/code', message: 'please enter the coupon' }] },
    });
    expect(await call(visitor, 'POST', '/multicurrency/general/coupon', { code: 'NOPE' })).toMatchObject({
      status: 400,
      data: { errors: [{ path: '/code', message: 'enter a valid discount code', rule: 'couponInvalid' }] },
    });
    // An expired code says it expired (not that it is unknown).
    expect(await call(visitor, 'POST', '/multicurrency/general/coupon', { code: 'SUMMER2026' })).toMatchObject({
      status: 400,
      message: 'This discount code has expired.',
      data: { errors: [{ path: '/code', message: 'this discount code has expired', rule: 'couponExpired' }] },
    });
    // A mug is well under WELCOME10's 50.00: refused, and the code is not kept.
    expect(await call(visitor, 'POST', '/multicurrency/general/coupon', { code: 'WELCOME10' })).toMatchObject({
      status: 409,
      code: 5005,
      data: { minSpend: { amount: 5000, currencyCode: 'USD' }, errors: [{ path: '/code', rule: 'couponMinSpend' }] },
    });
    expect((await cart(visitor)).coupon).toBeNull();
  });
});
