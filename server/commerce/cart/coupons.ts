// Discount codes on the visitor's cart (spec section 7: POST api/multicurrency/general/coupon, DELETE
// api/coupon; section 5: "please enter the coupon", "enter a valid discount code"). A code is valid when
// it exists (in any case), has started, has not ended and has uses left; one used once per customer is
// valid for an email that has not used it. It applies when the spend after promotions reaches its
// minimum (5005 otherwise). It is checked again each time the cart is priced, and its uses are counted
// when an order is placed. Each refusal names its reason (`rule`, schemas/checkout-rules.ts), which the
// browser words in the shopper's language: an expired code says it expired.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { carts } from '../../db/cart-schema';
import { coupons } from '../../db/checkout-schema';
import { couponUses, orders } from '../../db/order-schema';
import { coupon as couponProblemOfInput, PROBLEM_MESSAGES, type CouponProblem } from '../../../schemas/checkout-rules';
import { badRequest, ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import type { CouponRule } from '../pricing/calculate-total';
import { findCart } from './find-cart';
import { emailKey } from '../email-key';

export type Coupon = typeof coupons.$inferSelect;

/** The code as stored: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** An email as its uses of a once-per-customer code are counted: trimmed, lower case. */

const findCoupon = async (db: Db, code: string): Promise<Coupon | undefined> =>
  (
    await db
      .select()
      .from(coupons)
      .where(eq(coupons.code, normalCode(code)))
  )[0];

/** Why a coupon cannot be used at `now` whoever uses it (null: it can). Pure. */
export function couponProblemAt(coupon: Coupon | undefined, now: Date): CouponProblem | null {
  if (!coupon) return 'couponInvalid';
  if (coupon.startsAt > now) return 'couponNotStarted';
  if (coupon.endsAt && coupon.endsAt <= now) return 'couponExpired';
  if (coupon.usageLimit !== null && coupon.used >= coupon.usageLimit) return 'couponUsedUp';
  return null;
}

/**
 * Whether `email` has used a once-per-customer coupon already: by an order placed (paid or waiting for
 * its payment) from another checkout than `checkoutId`, whose own order waiting after a decline is not
 * a use by someone else.
 */
export async function usedByEmail(db: Db, coupon: Coupon, email: string, checkoutId?: number): Promise<boolean> {
  if (!coupon.oncePerEmail) return false;
  const [use] = await db
    .select({ id: couponUses.id })
    .from(couponUses)
    .innerJoin(orders, eq(orders.id, couponUses.orderId))
    .where(
      and(
        eq(couponUses.couponId, coupon.id),
        eq(couponUses.emailKey, emailKey(email)),
        checkoutId === undefined ? undefined : sql`${orders.checkoutId} is distinct from ${checkoutId}`,
      ),
    )
    .limit(1);
  return use !== undefined;
}

/** What is known of who uses a code: the checkout's email (once per customer), the checkout itself. */
export interface CouponUser {
  email?: string | null;
  checkoutId?: number;
}

/** Why a code cannot be used now by `user` (null: it can), with its coupon when there is one. */
export async function couponProblem(
  db: Db,
  code: string,
  user: CouponUser = {},
  now = new Date(),
): Promise<{ coupon: Coupon | undefined; problem: CouponProblem | null }> {
  const coupon = await findCoupon(db, code);
  const problem = couponProblemAt(coupon, now);
  if (problem || !coupon || !user.email) return { coupon, problem };
  return { coupon, problem: (await usedByEmail(db, coupon, user.email, user.checkoutId)) ? 'couponOncePerEmail' : null };
}

/** The coupon of a code when it may be used now, else null (its uses by email are checked where the email is known). */
export async function usableCoupon(db: Db, code: string, now = new Date()): Promise<Coupon | null> {
  const coupon = await findCoupon(db, code);
  return couponProblemAt(coupon, now) ? null : coupon!;
}

/** The server's words for a reason a code is refused, as a sentence. */
const sentence = (problem: CouponProblem) =>
  `${PROBLEM_MESSAGES[problem].charAt(0).toUpperCase()}${PROBLEM_MESSAGES[problem].slice(1)}.`;

/**
 * The 400 refusing a discount code, naming its reason (`rule`) at `path`: `/code` for the code typed,
 * `/coupon` for the one on a checkout being paid.
 */
export const couponRefused = (problem: CouponProblem, path = '/code', data: Record<string, unknown> = {}) =>
  badRequest(sentence(problem), { errors: [{ path, message: PROBLEM_MESSAGES[problem], rule: problem }], ...data });

export const couponRule = (coupon: Coupon): CouponRule => ({
  code: coupon.code,
  ...(coupon.percentOff ? { percentOff: coupon.percentOff } : {}),
  ...(coupon.amountOff ? { amountOff: coupon.amountOff } : {}),
  minSpend: coupon.minSpend,
});

/**
 * The coupon of a code a shopper typed, checked against everything known of who uses it, or the 400 of
 * spec section 5 ("please enter the coupon", "enter a valid discount code") naming why.
 */
export async function checkedCoupon(db: Db, code: string, user: CouponUser = {}): Promise<Coupon> {
  if (couponProblemOfInput(code)) {
    throw badRequest('Please enter the coupon.', {
      errors: [{ path: '/code', message: PROBLEM_MESSAGES.couponRequired, rule: 'couponRequired' }],
    });
  }
  const { coupon, problem } = await couponProblem(db, code, user);
  if (problem || !coupon) throw couponRefused(problem ?? 'couponInvalid');
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
    errors: [{ path: '/code', message: PROBLEM_MESSAGES.couponMinSpend, rule: 'couponMinSpend' }],
  });
