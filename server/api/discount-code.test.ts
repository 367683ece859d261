// A discount code is checked against everything known of who uses it: when it is applied (the checkout's
// email: once per customer), again whenever the email changes (taken off, saying why), and when the order
// is placed (taken off after a refusal, so paying again works). Each refusal names its reason.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponProblemAt, type Coupon } from '../commerce/cart/coupons';
import type { Checkout } from '../../schemas/generated/api';
import { pay, readyCheckout, shopperOf, TEST_ADDRESS } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

const coupon = (rules: Partial<Coupon>): Coupon => ({
  id: 1,
  code: 'X',
  percentOff: 10,
  amountOff: null,
  minSpend: 0,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  usageLimit: null,
  used: 0,
  oncePerEmail: false,
  ...rules,
});

describe('why a code cannot be used (couponProblemAt)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('names each reason: unknown, not started, expired, used up; none for a usable code', () => {
    expect(couponProblemAt(undefined, now)).toBe('couponInvalid');
    expect(couponProblemAt(coupon({ startsAt: new Date('2026-12-01T00:00:00Z') }), now)).toBe('couponNotStarted');
    expect(couponProblemAt(coupon({ endsAt: new Date('2026-08-31T23:59:59Z') }), now)).toBe('couponExpired');
    // The end is exclusive: a code ending now has ended.
    expect(couponProblemAt(coupon({ endsAt: now }), now)).toBe('couponExpired');
    expect(couponProblemAt(coupon({ usageLimit: 1, used: 1 }), now)).toBe('couponUsedUp');
    expect(couponProblemAt(coupon({ usageLimit: 2, used: 1, endsAt: new Date('2027-01-01T00:00:00Z') }), now)).toBeNull();
  });
});

describe('discount codes in the checkout', () => {
  let shop: TestShop;
  let shirt: number;
  const newVisitor = visitors();
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    shirt = (await firstSku(shop, 'linen-shirt')).id;
  });
  afterAll(() => shop?.close());

  /** A checkout of two shirts (over WELCOME10's minimum) with `email`, for a new visitor. */
  async function checkout(email: string) {
    const call = shopperOf(shop, newVisitor());
    const token = await readyCheckout(call, [{ skuId: shirt, quantity: 2 }], { buyNow: true, email });
    return { call, token };
  }

  /** `email` has used WELCOME10: an order paid with it. */
  async function usedWelcome(email: string) {
    const { call, token } = await checkout(email);
    expect(await call('POST', '/multicurrency/general/coupon', { code: 'WELCOME10', checkoutToken: token })).toMatchObject({
      status: 200,
    });
    expect(await pay(call, token)).toMatchObject({ status: 200, data: { status: 'paid' } });
  }

  it('refuses a once-per-customer code when applied to a checkout whose email used it, saying so', async () => {
    await usedWelcome('used@example.com');
    const { call, token } = await checkout(' Used@Example.com ');
    expect(await call('POST', '/multicurrency/general/coupon', { code: 'welcome10', checkoutToken: token })).toMatchObject({
      status: 400,
      message: 'This discount code can be used once per customer and was already used with this email.',
      data: { errors: [{ path: '/code', rule: 'couponOncePerEmail' }] },
    });
    expect((await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data.coupon).toBeNull();
    // Another email may use it.
    const other = await checkout('fresh@example.com');
    expect(
      await other.call<Checkout>('POST', '/multicurrency/general/coupon', { code: 'WELCOME10', checkoutToken: other.token }),
    ).toMatchObject({ status: 200, data: { coupon: { code: 'WELCOME10', applied: true } } });
  });

  it('takes the code off when the email changes to one that used it, says why, and the order is then placed', async () => {
    await usedWelcome('again@example.com');
    const { call, token } = await checkout('new@example.com');
    const applied = await call<Checkout>('POST', '/multicurrency/general/coupon', { code: 'WELCOME10', checkoutToken: token });
    expect(applied.data.coupon).toEqual({ code: 'WELCOME10', applied: true });
    const discounted = applied.data.totals.totalPrice.amount;

    const changed = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', { token, email: 'again@example.com' });
    expect(changed).toMatchObject({
      status: 200,
      data: { email: 'again@example.com', coupon: null, couponRemoved: { code: 'WELCOME10', problem: 'couponOncePerEmail' } },
    });
    expect(changed.data.totals.totalPrice.amount).toBeGreaterThan(discounted);
    // Told once: the next answer is the checkout as it is.
    expect((await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data).not.toHaveProperty('couponRemoved');
    // Saving the same email again, or other fields, leaves a code alone.
    expect(
      (
        await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', {
          token,
          email: 'again@example.com',
          shippingAddress: TEST_ADDRESS,
        })
      ).data,
    ).not.toHaveProperty('couponRemoved');

    expect(await pay(call, token)).toMatchObject({ status: 200, data: { status: 'paid' } });
  });

  it('keeps a code for a new email that has not used it, and for its own order waiting after a decline', async () => {
    const { call, token } = await checkout('first@example.com');
    await call('POST', '/multicurrency/general/coupon', { code: 'WELCOME10', checkoutToken: token });
    const changed = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', { token, email: 'second@example.com' });
    expect(changed.data.coupon).toEqual({ code: 'WELCOME10', applied: true });
    expect(changed.data).not.toHaveProperty('couponRemoved');
    // A declined card leaves an order waiting with the code's use: it is this checkout's own, not another's.
    expect((await pay(call, token, '4000 0000 0000 0002')).status).toBe(402);
    const again = await call<Checkout>('POST', '/multicurrency/general/coupon', { code: 'WELCOME10', checkoutToken: token });
    expect(again).toMatchObject({ status: 200, data: { coupon: { code: 'WELCOME10', applied: true } } });
  });

  it('says an expired code expired, and a code not started yet is not valid yet', async () => {
    const { call, token } = await checkout('dates@example.com');
    expect(await call('POST', '/multicurrency/general/coupon', { code: 'SUMMER2026', checkoutToken: token })).toMatchObject({
      status: 400,
      message: 'This discount code has expired.',
      data: { errors: [{ path: '/code', message: 'this discount code has expired', rule: 'couponExpired' }] },
    });
    await shop.database.db.execute(
      sql`insert into coupons (code, percent_off, starts_at) values ('LATER', 5, now() + interval '1 day') on conflict do nothing`,
    );
    expect(await call('POST', '/multicurrency/general/coupon', { code: 'LATER', checkoutToken: token })).toMatchObject({
      status: 400,
      data: { errors: [{ path: '/code', rule: 'couponNotStarted' }] },
    });
  });

  it('refuses a code used up while the page showed it with its reason, takes it off, and the next attempt pays', async () => {
    await shop.database.db.execute(
      sql`insert into coupons (code, percent_off, usage_limit) values ('LASTONE', 10, 1) on conflict do nothing`,
    );
    const { call, token } = await checkout('last@example.com');
    await call('POST', '/multicurrency/general/coupon', { code: 'LASTONE', checkoutToken: token });
    await shop.database.db.execute(sql`update coupons set used = 1 where code = 'LASTONE'`);
    expect(await pay(call, token)).toMatchObject({
      status: 400,
      message: 'This discount code has been used up.',
      data: { errors: [{ path: '/coupon', rule: 'couponUsedUp' }], couponRemoved: { code: 'LASTONE', problem: 'couponUsedUp' } },
    });
    expect((await call<Checkout>('GET', `/multicurrency/general/checkout/${token}`)).data.coupon).toBeNull();
    expect(await pay(call, token)).toMatchObject({ status: 200, data: { status: 'paid' } });
  });
});
