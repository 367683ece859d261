// The refund rule (refund-rule.ts) over any order and any way of returning it: the lines' shares add up to
// what was paid for the goods, every return gives back its units' part to the minor unit, all the returns
// of an order together give back exactly what was paid, and never more than the payment still holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundFor, shares, type PaidLine } from './refund-rule';

const line = fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unit: fc.integer({ min: 0, max: 500_000 }) });
const order = fc.array(line, { minLength: 1, maxLength: 6 }).chain((raw) => {
  const lines: PaidLine[] = raw.map((l, i) => ({ id: 100 + i, quantity: l.quantity, total: l.quantity * l.unit }));
  const items = lines.reduce((sum, l) => sum + l.total, 0);
  return fc.record({
    lines: fc.constant(lines),
    // What was paid for the goods: the line totals less any discount.
    goodsPaid: fc.integer({ min: 0, max: items }),
    shipping: fc.integer({ min: 0, max: 5_000 }),
    // Each unit of each line goes back in one of up to four returns, refunded in a shuffled order.
    returnOf: fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 20, maxLength: 20 }), {
      minLength: lines.length,
      maxLength: lines.length,
    }),
    order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
  });
});

describe('the refund rule', () => {
  it('shares what was paid over the lines exactly, each within a minor unit of its proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (weights, total) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const paid = Math.min(total, sum);
          const got = shares(paid, weights);
          if (sum === 0) return expect(got.every((s) => s === 0)).toBe(true);
          expect(got.reduce((a, b) => a + b, 0)).toBe(paid);
          got.forEach((share, i) => expect(Math.abs(share - (paid * weights[i]!) / sum)).toBeLessThan(1));
        },
      ),
    );
  });

  it('gives back exactly what was paid for the goods once every unit is returned, however it is split', () => {
    fc.assert(
      fc.property(order, ({ lines, goodsPaid, shipping, returnOf, order: sequence }) => {
        const refunded = new Map<number, number>();
        let total = 0;
        for (const r of sequence) {
          const returning = new Map<number, number>();
          lines.forEach((l, i) => {
            const units = returnOf[i]!.slice(0, l.quantity).filter((x) => x === r).length;
            if (units) returning.set(l.id, units);
          });
          if (!returning.size) continue;
          const refund = refundFor({
            lines,
            goodsPaid,
            shipping,
            withShipping: false,
            returning,
            refundedBefore: refunded,
            left: Number.MAX_SAFE_INTEGER,
          });
          // Each return gives back its units' part of what was paid, to a minor unit per line.
          const exact = lines.reduce(
            (sum, l) =>
              sum +
              ((returning.get(l.id) ?? 0) * (goodsPaid * l.total)) /
                Math.max(
                  1,
                  lines.reduce((a, x) => a + x.total, 0),
                ) /
                l.quantity,
            0,
          );
          expect(Math.abs(refund.goods - exact)).toBeLessThan(returning.size + 1);
          expect(refund.shipping).toBe(0);
          expect(refund.amount).toBeGreaterThanOrEqual(0);
          total += refund.amount;
          for (const [id, units] of returning) refunded.set(id, (refunded.get(id) ?? 0) + units);
        }
        expect(total).toBe(lines.reduce((a, l) => a + l.total, 0) === 0 ? 0 : goodsPaid);
      }),
    );
  });

  it('never gives back more than the payment holds, goods first, shipping only when asked', () => {
    fc.assert(
      fc.property(
        order,
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        ({ lines, goodsPaid, shipping }, left, withShipping) => {
          const returning = new Map(lines.map((l) => [l.id, l.quantity]));
          const full = refundFor({
            lines,
            goodsPaid,
            shipping,
            withShipping,
            returning,
            refundedBefore: new Map(),
            left: Number.MAX_SAFE_INTEGER,
          });
          const cut = refundFor({ lines, goodsPaid, shipping, withShipping, returning, refundedBefore: new Map(), left });
          expect(full.shipping).toBe(withShipping ? shipping : 0);
          expect(cut.amount).toBe(Math.min(full.amount, left));
          expect(cut.amount).toBe(cut.goods + cut.shipping);
          expect(cut.goods).toBe(Math.min(full.goods, left));
        },
      ),
    );
  });

  it('gives nothing back for units already refunded beyond the line, and nothing for a free line', () => {
    const lines = [
      { id: 1, quantity: 2, total: 2000 },
      { id: 2, quantity: 1, total: 0 },
    ];
    const base = { lines, goodsPaid: 1500, shipping: 700, withShipping: false, left: 10_000 };
    expect(refundFor({ ...base, returning: new Map([[2, 1]]), refundedBefore: new Map() }).amount).toBe(0);
    expect(refundFor({ ...base, returning: new Map([[1, 1]]), refundedBefore: new Map() }).amount).toBe(750);
    expect(refundFor({ ...base, returning: new Map([[1, 1]]), refundedBefore: new Map([[1, 2]]) }).amount).toBe(0);
  });
});
