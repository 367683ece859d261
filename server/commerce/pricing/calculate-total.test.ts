// calculateTotal: worked examples of each step, then properties over random carts (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundle, pricedLine, threshold, volume } from '../../../test-support/server/pricing-fixtures';
import { calculateTotal, type CouponRule, type PricingInput, type Promotion } from './calculate-total';
import { convertAmount, type Currency } from './currency';

const same = (amount: number) => amount;
const line = pricedLine;
const price = (input: Partial<PricingInput> & Pick<PricingInput, 'lines'>) =>
  calculateTotal({ promotions: [], convert: same, ...input });

describe('calculateTotal, step by step', () => {
  it('adds up line items, with nothing off when no promotion applies', () => {
    const total = price({ lines: [line(1, 10, 1, 2999), line(2, 30, 2, 1250)] });
    expect(total).toMatchObject({
      totalLineItemsPrice: 5499,
      totalPromotion: 0,
      totalCoupon: 0,
      totalDiscounts: 0,
      subtotalPrice: 5499,
      totalPrice: 5499,
    });
  });

  it('takes a volume tier by the quantity of all its products together (mix and match), per line, rounded half up', () => {
    const total = price({ lines: [line(1, 10, 2, 1999), line(2, 11, 1, 1005)], promotions: [volume] });
    // 3 items: 10 % off. 3998 -> 399.8 off -> 400; 1005 -> 100.5 -> 101 (half up).
    expect(total.lines.map((l) => l.promotion)).toEqual([400, 101]);
    expect(total).toMatchObject({ totalPromotion: 501, subtotalPrice: 4502, appliedPromotions: [1] });
  });

  it('takes a bundle off the units that make complete sets only', () => {
    const total = price({ lines: [line(1, 20, 2, 1000), line(2, 21, 1, 2000)], promotions: [bundle] });
    // One set: one unit of each product, 15 % off each: 150 + 300.
    expect(total.lines.map((l) => l.promotion)).toEqual([150, 300]);
    expect(price({ lines: [line(1, 20, 2, 1000)], promotions: [bundle] }).totalPromotion).toBe(0);
  });

  it('gives a line the one item promotion that saves it most', () => {
    const both: Promotion[] = [{ ...volume, productIds: [20, 21] }, bundle];
    const total = price({ lines: [line(1, 20, 3, 1000), line(2, 21, 1, 1000)], promotions: both });
    // Volume: 4 items, 10 % of 3000 = 300 and of 1000 = 100. Bundle: one set, 15 % of 1000 each = 150.
    expect(total.lines.map((l) => [l.promotion, l.promotionId])).toEqual([
      [300, 1],
      [150, 2],
    ]);
  });

  it('then takes the cart tier that saves most, by spend after item promotions or by count', () => {
    expect(price({ lines: [line(1, 30, 1, 12000)], promotions: [threshold] })).toMatchObject({
      totalPromotion: 1200,
      subtotalPrice: 10800,
    });
    expect(price({ lines: [line(1, 30, 4, 500)], promotions: [threshold] })).toMatchObject({
      totalPromotion: 1500,
      subtotalPrice: 500,
    });
    // An amount off never takes more than there is.
    expect(price({ lines: [line(1, 30, 4, 100)], promotions: [threshold] })).toMatchObject({
      totalPromotion: 400,
      subtotalPrice: 0,
    });
  });

  it('applies a coupon on what promotions leave, when its minimum spend is met', () => {
    const coupon: CouponRule = { code: 'WELCOME10', percentOff: 10, minSpend: 5000 };
    expect(price({ lines: [line(1, 30, 1, 6000)], coupon })).toMatchObject({
      totalCoupon: 600,
      couponApplied: true,
      subtotalPrice: 5400,
    });
    expect(price({ lines: [line(1, 30, 1, 4000)], coupon })).toMatchObject({ totalCoupon: 0, couponApplied: false });
    const five: CouponRule = { code: 'FIVE', amountOff: 500 };
    expect(price({ lines: [line(1, 30, 1, 300)], coupon: five })).toMatchObject({ totalCoupon: 300, subtotalPrice: 0 });
  });

  it('adds shipping, insurance (a percent of the subtotal, half up) and the tip', () => {
    const total = price({ lines: [line(1, 30, 1, 4999)], shipping: 695, insurancePercent: 3, tip: 200 });
    // 3 % of 49.99 = 1.4997 -> 1.50.
    expect(total).toMatchObject({ totalShippingPrice: 695, shippingInsurancePrice: 150, tipPrice: 200, totalPrice: 6044 });
  });

  it('refuses a line that is not whole, non-negative minor units', () => {
    expect(() => price({ lines: [line(1, 30, 1, 10.5)] })).toThrow(/not a quantity or an amount/);
    expect(() => price({ lines: [line(1, 30, -1, 100)] })).toThrow();
  });
});

const eur: Currency = {
  code: 'EUR',
  symbol: '€',
  decimals: 2,
  rate: '0.92',
  rounding: 'cent',
  moneyFormat: '',
  moneyWithCurrencyFormat: '',
};
const jpy: Currency = { ...eur, code: 'JPY', decimals: 0, rate: '151.3', rounding: 'whole' };

const products = [10, 11, 20, 21, 30];
const arbitraryLines = fc
  .uniqueArray(
    fc.record({
      key: fc.integer({ min: 1, max: 10_000 }),
      productId: fc.constantFrom(...products),
      quantity: fc.integer({ min: 1, max: 999 }),
      price: fc.integer({ min: 0, max: 500_000 }),
    }),
    { maxLength: 8, selector: (l) => l.key },
  )
  .map((lines) => lines.map((l) => line(l.key, l.productId, l.quantity, l.price)));
const arbitraryCoupon = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant('P'),
      percentOff: fc.integer({ min: 1, max: 100 }),
      minSpend: fc.integer({ min: 0, max: 50_000 }),
    }),
    fc.record({
      code: fc.constant('A'),
      amountOff: fc.integer({ min: 1, max: 100_000 }),
      minSpend: fc.integer({ min: 0, max: 50_000 }),
    }),
  ),
  { nil: null },
);
const arbitraryInput = fc.record({
  lines: arbitraryLines,
  promotions: fc.subarray([volume, bundle, threshold]),
  coupon: arbitraryCoupon,
  shipping: fc.integer({ min: 0, max: 10_000 }),
  insurancePercent: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  tip: fc.integer({ min: 0, max: 10_000 }),
});

describe('calculateTotal, properties', () => {
  it('no total is negative, no discount exceeds what it discounts, and the parts add up to the total', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const t = calculateTotal({ ...input, convert: same });
        for (const value of Object.values(t)) if (typeof value === 'number') expect(value).toBeGreaterThanOrEqual(0);
        for (const l of t.lines) expect(l.promotion).toBeLessThanOrEqual(l.lineTotal);
        expect(t.totalPromotion).toBeLessThanOrEqual(t.totalLineItemsPrice);
        expect(t.totalCoupon).toBeLessThanOrEqual(t.totalLineItemsPrice - t.totalPromotion);
        expect(t.totalDiscounts).toBe(t.totalPromotion + t.totalCoupon);
        expect(t.subtotalPrice).toBe(t.totalLineItemsPrice - t.totalDiscounts);
        expect(t.totalPrice).toBe(t.subtotalPrice + t.totalShippingPrice + t.shippingInsurancePrice + t.tipPrice);
        expect(t.totalLineItemsPrice).toBe(t.lines.reduce((sum, l) => sum + l.lineTotal, 0));
        for (const value of Object.values(t)) if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('the same cart always prices the same, in whatever order its lines come', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer(), (input, seed) => {
        const shuffled = [...input.lines].sort((a, b) => ((a.key * 7919 + seed) % 101) - ((b.key * 7919 + seed) % 101));
        expect(calculateTotal({ ...input, lines: shuffled, convert: same })).toEqual(calculateTotal({ ...input, convert: same }));
      }),
      { numRuns: 500 },
    );
  });

  it('converting the currency never changes which promotions or coupon apply', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.constantFrom(eur, jpy), (input, currency) => {
        const base = calculateTotal({ ...input, convert: same });
        const convert = (amount: number) => convertAmount(amount, { decimals: 2 }, currency);
        const shown = calculateTotal({
          ...input,
          lines: input.lines.map((l) => ({ ...l, unitPrice: convert(l.baseUnitPrice) })),
          convert,
        });
        expect(shown.appliedPromotions).toEqual(base.appliedPromotions);
        expect(shown.couponApplied).toBe(base.couponApplied);
        expect(shown.lines.map((l) => l.promotionId)).toEqual(base.lines.map((l) => l.promotionId));
      }),
      { numRuns: 500 },
    );
  });
});
