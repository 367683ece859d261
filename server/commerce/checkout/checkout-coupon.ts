// A discount code typed in the checkout (spec section 2: "discount code" in the order summary) goes on the
// checkout itself: the cart may change in another tab without changing what is being paid for. The same
// checks as the cart's (coupons.ts), and against the checkout's email when it has one (a code once per
// customer already used with it is refused now, not when the shopper pays); a code whose minimum spend the
// checkout does not reach is refused with 5005 by the caller, which prices the checkout with it.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { checkouts } from '../../db/checkout-schema';
import { checkedCoupon, type Coupon } from '../cart/coupons';
import { ShopError } from '../errors';
import { findCheckout } from './find-checkout';

async function setCode(db: Db, token: string, code: string | null) {
  const changed = await db
    .update(checkouts)
    .set({ couponCode: code, updatedAt: new Date() })
    .where(and(eq(checkouts.token, token), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id });
  if (!changed.length) {
    await findCheckout(db, token);
    throw new ShopError('orderAlreadySettled', 'This checkout is complete and can no longer change.');
  }
}

export async function applyCheckoutCoupon(db: Db, token: string, code: string): Promise<Coupon> {
  const row = await findCheckout(db, token);
  const coupon = await checkedCoupon(db, code, { email: row.email, checkoutId: row.id });
  await setCode(db, token, coupon.code);
  return coupon;
}

export const removeCheckoutCoupon = (db: Db, token: string) => setCode(db, token, null);
