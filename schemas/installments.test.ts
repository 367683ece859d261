// Spec section 9: installments today and in 2, 4 and 6 weeks, equal parts to 2 decimals (the currency's
// minor unit), the first part taking the remainder; or the whole amount in 30 days, interest-free.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installmentParts, installmentPlan } from './installments';

const amounts = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const counts = fc.integer({ min: 1, max: 24 });

describe('installmentParts (property)', () => {
  it('gives `count` parts of whole minor units that add up to the total', () => {
    fc.assert(
      fc.property(amounts, counts, (total, count) => {
        const parts = installmentParts(total, count);
        expect(parts).toHaveLength(count);
        for (const part of parts) {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
      }),
    );
  });

  it('makes every part after the first equal, and the first take the remainder (less than one minor unit per part)', () => {
    fc.assert(
      fc.property(amounts, counts, (total, count) => {
        const [first, ...others] = installmentParts(total, count);
        for (const other of others) {
          expect(other).toBe(others[0]);
          expect(first!).toBeGreaterThanOrEqual(other);
          expect(first! - other).toBeLessThan(count);
          expect(first! - other).toBe(total % count);
        }
      }),
    );
  });

  it('is 4 parts by default', () => {
    fc.assert(
      fc.property(amounts, (total) => {
        expect(installmentParts(total)).toHaveLength(4);
      }),
    );
  });

  it('refuses what is not an amount in minor units or a number of parts', () => {
    expect(() => installmentParts(10.5)).toThrow(RangeError);
    expect(() => installmentParts(-1)).toThrow(RangeError);
    expect(() => installmentParts(100, 0)).toThrow(RangeError);
    expect(() => installmentParts(100, 2.5)).toThrow(RangeError);
  });
});

describe('installmentParts (examples)', () => {
  it('splits €100.01 as €25.01 today and €25.00 three times', () => {
    expect(installmentParts(10001)).toEqual([2501, 2500, 2500, 2500]);
    expect(installmentParts(10003)).toEqual([2503, 2500, 2500, 2500]);
  });

  it('splits an amount that divides evenly in equal parts', () => {
    expect(installmentParts(5000)).toEqual([1250, 1250, 1250, 1250]);
  });

  it('splits a zero-decimal currency (¥1,003) in whole yen, because amounts are minor units', () => {
    const plan = installmentPlan(1003, 'JPY', { plan: 'installments', count: 4, intervalWeeks: 2 });
    expect(plan.parts.map((p) => p.amount)).toEqual([
      { amount: 253, currencyCode: 'JPY' },
      { amount: 250, currencyCode: 'JPY' },
      { amount: 250, currencyCode: 'JPY' },
      { amount: 250, currencyCode: 'JPY' },
    ]);
  });

  it('splits amounts smaller than the number of parts (the first takes it all)', () => {
    expect(installmentParts(3)).toEqual([3, 0, 0, 0]);
    expect(installmentParts(0)).toEqual([0, 0, 0, 0]);
  });
});

describe('installmentPlan', () => {
  it('is due today and in 2, 4 and 6 weeks for Klarna / Afterpay style methods', () => {
    const plan = installmentPlan(10001, 'EUR', { plan: 'installments', count: 4, intervalWeeks: 2 });
    expect(plan.kind).toBe('installments');
    expect(plan.parts.map((p) => p.dueInDays)).toEqual([0, 14, 28, 42]);
    expect(plan.parts.map((p) => p.amount.amount)).toEqual([2501, 2500, 2500, 2500]);
    expect(plan.parts.every((p) => p.amount.currencyCode === 'EUR')).toBe(true);
  });

  it('takes the spec defaults when a method names none', () => {
    const plan = installmentPlan(400, 'EUR', {});
    expect(plan.parts.map((p) => [p.dueInDays, p.amount.amount])).toEqual([
      [0, 100],
      [14, 100],
      [28, 100],
      [42, 100],
    ]);
  });

  it('is the whole amount in 30 days, interest-free, for a Zip style method', () => {
    expect(installmentPlan(4999, 'EUR', { plan: 'payLater', interestFreeDays: 30 })).toEqual({
      kind: 'payLater',
      interestFreeDays: 30,
      parts: [{ dueInDays: 30, amount: { amount: 4999, currencyCode: 'EUR' } }],
    });
  });

  it('adds up to the amount for any method options (property)', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.record({
          plan: fc.constantFrom('installments', 'payLater'),
          count: fc.integer({ min: 1, max: 12 }),
          intervalWeeks: fc.integer({ min: 1, max: 8 }),
          interestFreeDays: fc.integer({ min: 1, max: 90 }),
        }),
        (amount, options) => {
          const plan = installmentPlan(amount, 'EUR', options);
          expect(plan.parts.reduce((sum, p) => sum + p.amount.amount, 0)).toBe(amount);
          const due = plan.parts.map((p) => p.dueInDays);
          expect(due).toEqual([...due].sort((a, b) => a - b));
        },
      ),
    );
  });
});
