// The link of a reminder mail (POST api/checkout/recovering/{key}): the same checkout back, with what
// was typed, its lines back in the cart of the browser that opened it (twice without doubling), sold-out
// lines left out and reported, 5009 for a key that names nothing; and "stop these reminders".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Checkout, RecoveredCheckout } from '../../schemas/generated/api';
import { claimAbandonedCheckout } from '../commerce/checkout/abandoned';
import { skus } from '../db/catalog-schema';
import { checkouts } from '../db/checkout-schema';
import { orders } from '../db/order-schema';
import { leaveCheckout } from '../../test-support/server/abandoned-checkouts';
import { firstSku } from '../../test-support/server/skus';
import { TEST_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, visitorCall, visitors, type TestShop } from '../../test-support/server/test-app';

describe('restoring an abandoned checkout', () => {
  let shop: TestShop;
  let shirt: { id: number; title: string };
  let jacket: { id: number; title: string };
  const newVisitor = visitors();

  beforeAll(async () => {
    shop = await createTestShop('pglite');
    shirt = await firstSku(shop, 'linen-shirt');
    jacket = await firstSku(shop, 'rain-jacket');
  });
  afterAll(() => shop?.close());

  /** A checkout left by one visitor and reminded: its token and the key of the mail's link. */
  async function reminded(items: { skuId: number; quantity: number }[]) {
    const token = await leaveCheckout(shop, newVisitor(), { items, email: 'ada@example.com', acceptsMarketing: true });
    const [row] = await shop.database.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.token, token));
    const claimed = await claimAbandonedCheckout(shop.database.db, row!.id, {
      now: new Date(Date.now() + 2 * 60 * 60 * 1000),
      abandonedAfterMs: 60 * 60 * 1000,
    });
    return { token, key: claimed!.recoveryKey };
  }

  it('gives the same checkout back, with what was typed, and its lines in the cart of the browser that came back', async () => {
    const { token, key } = await reminded([
      { skuId: shirt.id, quantity: 2 },
      { skuId: jacket.id, quantity: 1 },
    ]);
    const otherDevice = newVisitor();
    const recovered = await visitorCall<RecoveredCheckout>(shop, otherDevice, 'POST', `/checkout/recovering/${key}`, {});
    expect(recovered.status).toBe(200);
    expect(recovered.data).toEqual({ token, next: `/checkout/${token}`, skipped: [] });
    const cart = await visitorCall<Cart>(shop, otherDevice, 'GET', '/multicurrency/shopping-carts');
    expect(cart.data.lines.map((l) => [l.skuId, l.quantity]).sort()).toEqual(
      [
        [shirt.id, 2],
        [jacket.id, 1],
      ].sort(),
    );
    const checkout = await visitorCall<Checkout>(shop, otherDevice, 'GET', `/multicurrency/general/checkout/${token}`);
    expect(checkout.data).toMatchObject({ email: 'ada@example.com', shippingAddress: TEST_ADDRESS, status: 'open' });

    // The link opened again does not double the cart.
    await visitorCall(shop, otherDevice, 'POST', `/checkout/recovering/${key}`, {});
    const again = await visitorCall<Cart>(shop, otherDevice, 'GET', '/multicurrency/shopping-carts');
    expect(again.data.lines.map((l) => l.quantity).sort()).toEqual([1, 2]);
  });

  it('leaves out a line that sold out since, from the cart and the checkout, and says so', async () => {
    const { token, key } = await reminded([
      { skuId: shirt.id, quantity: 1 },
      { skuId: jacket.id, quantity: 1 },
    ]);
    const [before] = await shop.database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, jacket.id));
    await shop.database.db.update(skus).set({ stock: 0 }).where(eq(skus.id, jacket.id));
    try {
      const visitor = newVisitor();
      const recovered = await visitorCall<RecoveredCheckout>(shop, visitor, 'POST', `/checkout/recovering/${key}`, {});
      expect(recovered.data).toEqual({
        token,
        next: `/checkout/${token}`,
        skipped: [{ skuId: jacket.id, title: jacket.title, quantity: 1 }],
      });
      const cart = await visitorCall<Cart>(shop, visitor, 'GET', '/multicurrency/shopping-carts');
      expect(cart.data.lines.map((l) => l.skuId)).toEqual([shirt.id]);
      const checkout = await visitorCall<Checkout>(shop, visitor, 'GET', `/multicurrency/general/checkout/${token}`);
      expect(checkout.data.lines.map((l) => l.skuId)).toEqual([shirt.id]);
    } finally {
      await shop.database.db.update(skus).set({ stock: before!.stock }).where(eq(skus.id, jacket.id));
    }
  });

  it('sends the shopper to the cart when nothing of the checkout can be had any more', async () => {
    const { key } = await reminded([{ skuId: jacket.id, quantity: 1 }]);
    const [before] = await shop.database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, jacket.id));
    await shop.database.db.update(skus).set({ stock: 0 }).where(eq(skus.id, jacket.id));
    try {
      const recovered = await visitorCall<RecoveredCheckout>(shop, newVisitor(), 'POST', `/checkout/recovering/${key}`, {});
      expect(recovered.data.next).toBe('/cart');
      expect(recovered.data.skipped).toHaveLength(1);
    } finally {
      await shop.database.db.update(skus).set({ stock: before!.stock }).where(eq(skus.id, jacket.id));
    }
  });

  it('answers 5009 for a key that names no checkout, or one that can no longer be continued', async () => {
    for (const key of ['0'.repeat(32), 'not-a-key', 'A'.repeat(32)]) {
      expect(await visitorCall(shop, newVisitor(), 'POST', `/checkout/recovering/${key}`, {})).toMatchObject({
        status: 404,
        code: 5009,
      });
    }
    const { token, key } = await reminded([{ skuId: shirt.id, quantity: 1 }]);
    await shop.database.db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.token, token));
    expect(await visitorCall(shop, newVisitor(), 'POST', `/checkout/recovering/${key}`, {})).toMatchObject({ code: 5009 });
  });

  it('sends the shopper of a checkout paid meanwhile to its thank-you page, leaving the cart alone', async () => {
    const { token, key } = await reminded([{ skuId: shirt.id, quantity: 1 }]);
    const orderToken = 'beef'.repeat(8);
    const [order] = await shop.database.db
      .insert(orders)
      .values({ token: orderToken, status: 'paid', email: 'ada@example.com' })
      .returning({ id: orders.id });
    await shop.database.db.update(checkouts).set({ status: 'completed', orderId: order!.id }).where(eq(checkouts.token, token));
    const visitor = newVisitor();
    const recovered = await visitorCall<RecoveredCheckout>(shop, visitor, 'POST', `/checkout/recovering/${key}`, {});
    expect(recovered.data).toEqual({ token, next: `/thankyou/${orderToken}`, skipped: [] });
    expect((await visitorCall<Cart>(shop, visitor, 'GET', '/multicurrency/shopping-carts')).data.lines).toEqual([]);
  });

  it('needs the visitor id to know whose cart to fill', async () => {
    const { key } = await reminded([{ skuId: shirt.id, quantity: 1 }]);
    const response = await shop.app.request(`/api/checkout/recovering/${key}`, { method: 'POST' });
    expect(response.status).toBe(400);
  });

  it('stops the reminders of that email when the shopper asks', async () => {
    const { token, key } = await reminded([{ skuId: shirt.id, quantity: 1 }]);
    const visitor = newVisitor();
    const other = await leaveCheckout(shop, visitor, {
      items: [{ skuId: shirt.id, quantity: 1 }],
      email: 'ADA@example.com',
      acceptsMarketing: true,
    });
    expect(await visitorCall(shop, visitor, 'POST', `/checkout/recovering/${key}/optout`, {})).toMatchObject({
      status: 200,
      data: { optedOut: true },
    });
    for (const t of [token, other]) {
      const checkout = await visitorCall<Checkout>(shop, visitor, 'GET', `/multicurrency/general/checkout/${t}`);
      expect(checkout.data.acceptsMarketing).toBe(false);
    }
    expect(await visitorCall(shop, visitor, 'POST', `/checkout/recovering/${'0'.repeat(32)}/optout`, {})).toMatchObject({
      code: 5009,
    });
  });
});
