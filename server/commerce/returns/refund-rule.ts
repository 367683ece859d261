// What a return gives back (issue 25), as one pure rule over integer minor units of the order's currency:
//
// 1. What was paid for the goods is the order's subtotal (`subtotalPrice`: the line totals less every
//    promotion and the discount code). It is shared out over the lines in proportion to their line totals
//    (largest remainder: the shares are whole minor units and add up to the subtotal exactly; a tie goes to
//    the earlier line). The order keeps its discounts as order totals only (not per line), so item
//    promotions are spread with the rest.
// 2. A line's share is given back unit by unit, cumulatively: after k of its q units have been refunded,
//    floor(share × k / q) of it has been given back. A return of some units gives the difference, so
//    however a line is returned (one by one, or all at once, in any order of returns) the refunds of all its
//    units add up to its share exactly, never a minor unit more.
// 3. The order's shipping (`totalShippingPrice`) is given back only when the merchant says so, once per
//    order. Shipping insurance and the tip are never given back by a return.
// 4. Never more than what the payment took less what was given back before: the goods first, then the
//    shipping, are cut to what is left.
export interface PaidLine {
  id: number;
  quantity: number;
  /** The line's total (unit price × quantity), minor units. */
  total: number;
}

export interface RefundInput {
  lines: PaidLine[];
  /** What was paid for the goods: the order's subtotalPrice. */
  goodsPaid: number;
  /** The order's shipping price, given back when `withShipping`. */
  shipping: number;
  withShipping: boolean;
  /** Units of each line this return gives back. */
  returning: ReadonlyMap<number, number>;
  /** Units of each line refunded (or being refunded) by earlier returns. */
  refundedBefore: ReadonlyMap<number, number>;
  /** What the payment still holds: what it took less every earlier refund. */
  left: number;
}

export interface Refund {
  amount: number;
  goods: number;
  shipping: number;
}

/** Each line's share of `total`, by its weight: whole units adding up to `total` (largest remainder). */
export function shares(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (total <= 0 || sum === 0n) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const out = exact.map((e) => e / sum);
  let rest = BigInt(total) - out.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((e, i) => ({ i, remainder: e % sum }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (rest <= 0n) break;
    out[i]! += 1n;
    rest -= 1n;
  }
  return out.map(Number);
}

/** What of a line's share has been given back once `units` of its `quantity` are refunded. */
const givenBack = (share: number, units: number, quantity: number) =>
  quantity <= 0 ? 0 : Number((BigInt(share) * BigInt(Math.min(units, quantity))) / BigInt(quantity));

export function refundFor(input: RefundInput): Refund {
  const lineShares = shares(
    input.goodsPaid,
    input.lines.map((l) => l.total),
  );
  let goods = 0;
  input.lines.forEach((line, i) => {
    const now = input.returning.get(line.id) ?? 0;
    if (!now) return;
    const before = input.refundedBefore.get(line.id) ?? 0;
    goods += givenBack(lineShares[i]!, before + now, line.quantity) - givenBack(lineShares[i]!, before, line.quantity);
  });
  const left = Math.max(0, input.left);
  const cutGoods = Math.min(goods, left);
  const shipping = input.withShipping ? Math.min(Math.max(0, input.shipping), left - cutGoods) : 0;
  return { amount: cutGoods + shipping, goods: cutGoods, shipping };
}
