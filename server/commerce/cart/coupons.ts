// Discount codes on the visitor's cart (spec section 7: POST api/multicurrency/general/coupon, DELETE
// api/coupon; section 5: "please enter the coupon", "enter a valid discount code"). A code is valid when
// it exists (in any case), has started, has not ended and has uses left; it applies when the spend after
// promotions reaches its minimum (5005 otherwise). It is checked again each time the cart is priced, and
// its uses are counted when an order is placed.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { carts, coupons } from '../../db/schema';
import { coupon as couponProblem } from '../../../schemas/checkout-rules';
import { badRequest, ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import type { CouponRule } from '../pricing/calculate-total';
import { findCart } from './find-cart';

export type Coupon = typeof coupons.$inferSelect;

/** The code as stored: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** The coupon of a code when it may be used now, else null. */
export async function usableCoupon(db: Db, code: string, now = new Date()): Promise<Coupon | null> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalCode(code)));
  if (!coupon) return null;
  if (coupon.startsAt > now || (coupon.endsAt && coupon.endsAt <= now)) return null;
  if (coupon.usageLimit !== null && coupon.used >= coupon.usageLimit) return null;
  return coupon;
}

export const couponRule = (coupon: Coupon): CouponRule => ({
  code: coupon.code,
  ...(coupon.percentOff ? { percentOff: coupon.percentOff } : {}),
  ...(coupon.amountOff ? { amountOff: coupon.amountOff } : {}),
  minSpend: coupon.minSpend,
});

/** The coupon of a code a shopper typed, or the 400 of spec section 5 ("please enter the coupon", "enter a valid discount code"). */
export async function checkedCoupon(db: Db, code: string): Promise<Coupon> {
  if (couponProblem(code)) {
    throw badRequest('Please enter the coupon.', { errors: [{ path: '/code', message: 'please enter the coupon' }] });
  }
  const coupon = await usableCoupon(db, code);
  if (!coupon) {
    throw badRequest('Enter a valid discount code.', { errors: [{ path: '/code', message: 'enter a valid discount code' }] });
  }
  return coupon;
}

/** Checks a code and keeps it on the cart (the caller prices the cart and refuses an unmet minimum). */
export async function applyCoupon(db: Db, visitorId: string, code: string): Promise<Coupon> {
  const coupon = await checkedCoupon(db, code);
  const cartId = (await findCart(db, visitorId, true))!;
  await db.update(carts).set({ couponCode: coupon.code, updatedAt: new Date() }).where(eq(carts.id, cartId));
  return coupon;
}

export async function removeCoupon(db: Db, visitorId: string): Promise<void> {
  await db
    .update(carts)
    .set({ couponCode: null })
    .where(and(eq(carts.visitorId, visitorId), sql`${carts.couponCode} is not null`));
}

/** 5005: the spend after promotions does not reach the code's minimum (told in the shown currency). */
export const minimumNotMet = (coupon: Coupon, currency: Currency, base: Currency) =>
  new ShopError('promotionConditionsNotMet', `This code needs a spend of at least ${coupon.minSpend} (base minor units).`, {
    minSpend: moneyIn(currency, base).money(coupon.minSpend),
  });
