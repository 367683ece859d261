// The demo shop's discount codes (fixtures/coupons.json) as rows: seeded once (couponsStep), and those
// added to the fixtures since by the steps that need them (seed-checkout-triggers.ts).
import { coupons } from './checkout-schema';
import type { CouponFixture, SeedStep } from './seed-fixtures';

/** A coupon of the fixtures as its row. */
export const couponRow = (c: CouponFixture) => ({
  code: c.code.toUpperCase(),
  percentOff: c.percentOff ?? null,
  amountOff: c.amountOff ?? null,
  minSpend: c.minSpend ?? 0,
  ...(c.startsAt ? { startsAt: new Date(c.startsAt) } : {}),
  endsAt: c.endsAt ? new Date(c.endsAt) : null,
  usageLimit: c.usageLimit ?? null,
  oncePerEmail: c.oncePerEmail ?? false,
});

export const couponsStep: SeedStep = {
  mark: 'seeded:coupons',
  async run(tx, fixtures) {
    if (!fixtures.coupons.length) return;
    await tx.insert(coupons).values(fixtures.coupons.map(couponRow));
  },
};
