// The free gift of the cart (issue 8: POST /api/shopping-carts/gift, DELETE api/shopping-carts/gift/{id},
// 5004 gift already exists) on the demo shop's "Free tote bag over $100", on PGlite and PostgreSQL: offered
// with what is left to spend, picked once, refused when not reached, not a gift or sold out, taken out
// idempotently, falling off when the cart drops below, free in the checkout and taking no discount.
import { setStock } from '../../test-support/server/skus';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Checkout, Product } from '../../schemas/generated/api';
import { cacheGroup } from '../commerce/cache';
import { createCatalog } from '../commerce/catalog/catalog';
import { createPromotions } from '../commerce/catalog/promotions';
import { priceItems } from '../commerce/cart/price-items';
import type { Currency } from '../commerce/pricing/currency';
import { validatePage } from '../commerce/pages/validate-page';
import { validateFunnel } from '../commerce/funnels/validate-funnel';
import { prepareDatabase } from '../db/prepare';
import { promotions as promotionsTable } from '../db/catalog-schema';
import { meta } from '../db/schema';
import { projectPaths } from '../../test-support/server/paths';
import {
  createTestShop,
  readEnvelope,
  visitorCall,
  visitors,
  type Driver,
  type TestShop,
} from '../../test-support/server/test-app';

describe.each<Driver>(['pglite', 'postgres'])('the free gift on %s', (driver) => {
  let shop: TestShop;
  let shirt: number;
  let otherShirt: number;
  let tote: { natural: number; black: number };
  beforeAll(async () => {
    shop = await createTestShop(driver);
    const product = async (handle: string) =>
      (await readEnvelope<Product>(await shop.app.request(`/api/products/${handle}`))).data;
    const shirts = (await product('linen-shirt')).skus.filter((s) => s.available);
    shirt = shirts[0]!.id;
    otherShirt = shirts[1]!.id;
    const bags = (await product('canvas-tote-bag')).skus;
    const id = (code: string) => bags.find((s) => s.code === code)!.id;
    tote = { natural: id('TB-NATURAL'), black: id('TB-BLACK') };
  });
  afterAll(() => shop?.close());

  const newVisitor = visitors();
  const call = <T>(visitor: string, method: string, path: string, body?: unknown) =>
    visitorCall<T>(shop, visitor, method, path, body);
  const add = (visitor: string, skuId: number, quantity: number) => call(visitor, 'POST', '/shopping-carts', { skuId, quantity });
  const cart = async (visitor: string) => (await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts')).data;
  const pick = (visitor: string, skuId: number) => call<Cart>(visitor, 'POST', '/shopping-carts/gift', { skuId });
  /** A visitor whose cart reaches the gift: two shirts, 100.89 after promotions. */
  async function reachingVisitor() {
    const visitor = newVisitor();
    await add(visitor, shirt, 2);
    return visitor;
  }

  it('offers the gift with what is left to spend, then as reached', async () => {
    const visitor = newVisitor();
    await add(visitor, shirt, 1);
    const below = await cart(visitor);
    expect(below.gift).toBeNull();
    expect(below.giftOffers).toEqual([
      {
        promotionId: expect.any(Number),
        title: 'Free tote bag over $100',
        minSubtotal: { amount: 10000, currencyCode: 'USD' },
        reached: false,
        moreSpend: { amount: 4100, currencyCode: 'USD' },
        choices: [
          expect.objectContaining({ skuId: tote.natural, title: 'Canvas Tote Bag', available: true }),
          expect.objectContaining({ skuId: tote.black, title: 'Canvas Tote Bag', available: true }),
        ],
      },
    ]);
    expect(below.giftOffers[0]!.choices[0]!.options).toEqual([{ name: 'Colour', value: expect.any(String) }]);
    // The spend is read after promotions: 2 × 59.00 less 5 % and then 10 % is 100.89.
    await add(visitor, shirt, 1);
    const reached = (await call<Cart>(visitor, 'POST', `/multicurrency/shopping-carts/${below.lines[0]!.id}`, { quantity: 2 }))
      .data;
    expect(reached.giftOffers[0]).toMatchObject({ reached: true, moreSpend: { amount: 0 } });
    // In another currency the offer is the same, its amounts converted.
    const euros = (await call<Cart>(visitor, 'GET', '/multicurrency/shopping-carts?currencyCode=EUR')).data;
    expect(euros.giftOffers[0]).toMatchObject({ reached: true, minSubtotal: { currencyCode: 'EUR' } });
  });

  it('adds the chosen gift free, leaves the totals alone, and refuses a second one with 5004', async () => {
    const visitor = await reachingVisitor();
    const before = await cart(visitor);
    const picked = await pick(visitor, tote.natural);
    expect(picked).toMatchObject({
      status: 200,
      data: {
        gift: {
          skuId: tote.natural,
          title: 'Canvas Tote Bag',
          price: { amount: 0, currencyCode: 'USD' },
          promotion: 'Free tote bag over $100',
        },
      },
    });
    expect(picked.data.totals).toEqual(before.totals);
    expect(picked.data.lines).toEqual(before.lines);
    expect(await pick(visitor, tote.black)).toMatchObject({ status: 409, code: 5004 });
    expect(await pick(visitor, tote.natural)).toMatchObject({ status: 409, code: 5004 });
    expect((await cart(visitor)).gift).toMatchObject({ skuId: tote.natural });
  });

  it('refuses the gift with 5005 while the cart does not reach it', async () => {
    const visitor = newVisitor();
    await add(visitor, shirt, 1);
    expect(await pick(visitor, tote.black)).toMatchObject({
      status: 409,
      code: 5005,
      data: { minSubtotal: { amount: 10000 }, moreSpend: { amount: 4100 } },
    });
    expect(await pick(newVisitor(), tote.black)).toMatchObject({ status: 409, code: 5005 });
    expect((await cart(visitor)).gift).toBeNull();
  });

  it('refuses, naming skuId, a SKU that is not a gift; and bodies with more than an id', async () => {
    const visitor = await reachingVisitor();
    for (const skuId of [shirt, 2147483647]) {
      expect(await pick(visitor, skuId)).toMatchObject({
        status: 400,
        data: { errors: [{ path: '/skuId', message: 'is not a gift on offer' }] },
      });
    }
    expect(await call(visitor, 'POST', '/shopping-carts/gift', { skuId: tote.black, price: 0 })).toMatchObject({ status: 400 });
    expect(await call(visitor, 'POST', '/shopping-carts/gift', { skuId: '12' })).toMatchObject({ status: 400 });
    expect(await call(visitor, 'POST', '/shopping-carts/gift', {})).toMatchObject({ status: 400 });
    expect((await cart(visitor)).gift).toBeNull();
  });

  it('refuses a sold-out gift with 5003 and shows it as not available', async () => {
    const visitor = await reachingVisitor();
    await setStock(shop, tote.black, 0);
    try {
      const offer = (await cart(visitor)).giftOffers[0]!;
      expect(offer.choices.find((c) => c.skuId === tote.black)).toMatchObject({ available: false });
      expect(await pick(visitor, tote.black)).toMatchObject({ status: 409, code: 5003 });
      expect((await cart(visitor)).gift).toBeNull();
    } finally {
      await setStock(shop, tote.black, 28);
    }
  });

  it('takes the gift out, and taking it out again changes nothing', async () => {
    const visitor = await reachingVisitor();
    await pick(visitor, tote.black);
    const removed = await call<Cart>(visitor, 'DELETE', `/shopping-carts/gift/${tote.black}`);
    expect(removed).toMatchObject({ status: 200, data: { gift: null, removed: [] } });
    expect(await call(visitor, 'DELETE', `/shopping-carts/gift/${tote.black}`)).toMatchObject({
      status: 200,
      data: { gift: null },
    });
    expect(await call(visitor, 'DELETE', '/shopping-carts/gift/abc')).toMatchObject({ status: 200 });
    expect(await call(newVisitor(), 'DELETE', `/shopping-carts/gift/${tote.black}`)).toMatchObject({ status: 200 });
    // Once out, another can be picked.
    expect(await pick(visitor, tote.natural)).toMatchObject({ status: 200, data: { gift: { skuId: tote.natural } } });
  });

  it('takes the gift out, telling the shopper once, when the cart drops below or the gift sells out', async () => {
    const visitor = await reachingVisitor();
    await pick(visitor, tote.natural);
    const line = (await cart(visitor)).lines[0]!;
    const lowered = (await call<Cart>(visitor, 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 1 })).data;
    expect(lowered.gift).toBeNull();
    expect(lowered.removed).toEqual([{ title: 'Canvas Tote Bag', quantity: 1 }]);
    expect((await cart(visitor)).removed).toEqual([]);

    await call(visitor, 'POST', `/multicurrency/shopping-carts/${line.id}`, { quantity: 2 });
    await pick(visitor, tote.natural);
    await setStock(shop, tote.natural, 0);
    try {
      expect(await cart(visitor)).toMatchObject({ gift: null, removed: [{ title: 'Canvas Tote Bag', quantity: 1 }] });
    } finally {
      await setStock(shop, tote.natural, 11);
    }
  });

  it('gives one gift when two are picked at once', async () => {
    const visitor = await reachingVisitor();
    const answers = await Promise.all([pick(visitor, tote.natural), pick(visitor, tote.black), pick(visitor, tote.natural)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 5004)).toHaveLength(2);
    const held = (await cart(visitor)).gift!;
    expect(answers.find((a) => a.status === 200)!.data.gift!.skuId).toBe(held.skuId);
  });

  it('carries the gift into the checkout as a line priced 0 that takes no promotion or coupon', async () => {
    const visitor = await reachingVisitor();
    await call(visitor, 'POST', '/multicurrency/general/coupon', { code: 'SAVE5' });
    const without = await cart(visitor);
    await pick(visitor, tote.black);
    const { token } = (await call<{ token: string }>(visitor, 'POST', '/multicurrency/general/checkout', {})).data;
    const checkout = (await call<Checkout>(visitor, 'GET', `/multicurrency/general/checkout/${token}`)).data;
    expect(checkout.lines.map((l) => [l.skuId, l.quantity, l.gift])).toEqual([
      [shirt, 2, false],
      [tote.black, 1, true],
    ]);
    expect(checkout.lines[1]).toMatchObject({
      title: 'Canvas Tote Bag',
      unitPrice: { amount: 0 },
      lineTotal: { amount: 0 },
      discount: { amount: 0 },
    });
    // The same totals as the cart without the gift: SAVE5 and the promotions apply to the shirts alone.
    for (const key of ['totalLineItemsPrice', 'totalPromotion', 'totalCoupon', 'subtotalPrice'] as const) {
      expect(checkout.totals[key]).toEqual(without.totals[key]);
    }
    expect(checkout.totals.totalCoupon.amount).toBe(500);
  });

  it('prices a gift line at 0 and leaves it out of every promotion’s condition (priceItems)', async () => {
    const db = shop.database.db;
    const promotions = createPromotions(db, createCatalog(db, cacheGroup(0)), cacheGroup(0));
    const usd: Currency = {
      code: 'USD',
      symbol: '$',
      decimals: 2,
      rate: '1',
      rounding: 'cent',
      moneyFormat: '${{amount}}',
      moneyWithCurrencyFormat: '${{amount}} USD',
    };
    // Two shirts reach the "buy more" tier (5 %); one shirt and a gift shirt do not.
    const two = await priceItems(
      db,
      promotions,
      [
        { skuId: shirt, quantity: 1 },
        { skuId: otherShirt, quantity: 1 },
      ],
      { locale: 'en', currency: usd, baseCurrency: usd },
    );
    expect(two.totals.totalPromotion.amount).toBeGreaterThan(0);
    const withGift = await priceItems(
      db,
      promotions,
      [
        { skuId: shirt, quantity: 1 },
        { skuId: otherShirt, quantity: 1, gift: true },
      ],
      { locale: 'en', currency: usd, baseCurrency: usd },
      { coupon: { code: 'SAVE5', amountOff: 500 } },
    );
    expect(withGift.lines[1]).toEqual({
      skuId: otherShirt,
      quantity: 1,
      unitPrice: { amount: 0, currencyCode: 'USD' },
      lineTotal: { amount: 0, currencyCode: 'USD' },
      discount: { amount: 0, currencyCode: 'USD' },
    });
    expect(withGift.lines[0]).toMatchObject({ lineTotal: { amount: 5900 }, discount: { amount: 0 } });
    expect(withGift.totals).toMatchObject({
      totalLineItemsPrice: { amount: 5900 },
      totalPromotion: { amount: 0 },
      totalCoupon: { amount: 500 },
      subtotalPrice: { amount: 5400 },
    });
  });

  it('seeds the gift promotion into a database seeded before gifts existed, once', async () => {
    const db = shop.database.db;
    await db.delete(promotionsTable).where(eq(promotionsTable.handle, 'free-tote-bag'));
    await db.delete(meta).where(eq(meta.key, 'seeded:gifts'));
    const count = async () => (await db.select().from(promotionsTable).where(eq(promotionsTable.type, 'gift'))).length;
    expect(await count()).toBe(0);
    expect(
      await prepareDatabase(shop.database, { ...projectPaths, checkPage: validatePage, checkFunnel: validateFunnel }),
    ).toMatchObject({
      seeded: ['seeded:gifts'],
    });
    expect(await count()).toBe(1);
    expect(
      await prepareDatabase(shop.database, { ...projectPaths, checkPage: validatePage, checkFunnel: validateFunnel }),
    ).toMatchObject({ seeded: [] });
    expect(await count()).toBe(1);
  });
});
