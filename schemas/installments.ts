// Pay-later plans (spec section 9): installments today and in 2, 4 and 6 weeks, split in equal parts to
// the currency's smallest unit (2 decimals for most), the first part taking the remainder; or the whole
// amount later, interest-free after 30 days (one provider). Pure, shared by the product page, the
// checkout and the pay-later provider, so the plan a shopper is shown is the plan they are charged.
import type { InstallmentPlan, PayLaterTerms } from './generated/api';

/** Spec section 9: four parts, two weeks apart. */
export const INSTALLMENT_COUNT = 4;
export const INSTALLMENT_INTERVAL_DAYS = 14;
export const PAY_LATER_DAYS = 30;

/** `total` (minor units, ≥ 0) in `count` parts: equal, the first taking what does not divide evenly. */
export function installmentParts(total: number, count = INSTALLMENT_COUNT): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`${total} is not an amount in minor units`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`${count} is not a number of parts`);
  const part = Math.floor(total / count);
  return [total - part * (count - 1), ...Array.from({ length: count - 1 }, () => part)];
}

export interface PlanOptions {
  plan?: unknown;
  count?: unknown;
  intervalWeeks?: unknown;
  interestFreeDays?: unknown;
}

/** The plan of a pay-later method (its options in payment_methods) for an amount. */
export function installmentPlan(amount: number, currencyCode: string, options: PlanOptions): InstallmentPlan {
  if (options.plan === 'payLater') {
    const days = typeof options.interestFreeDays === 'number' ? options.interestFreeDays : PAY_LATER_DAYS;
    return { kind: 'payLater', interestFreeDays: days, parts: [{ dueInDays: days, amount: { amount, currencyCode } }] };
  }
  const count = typeof options.count === 'number' ? options.count : INSTALLMENT_COUNT;
  const every = typeof options.intervalWeeks === 'number' ? options.intervalWeeks * 7 : INSTALLMENT_INTERVAL_DAYS;
  return {
    kind: 'installments',
    parts: installmentParts(amount, count).map((part, i) => ({ dueInDays: i * every, amount: { amount: part, currencyCode } })),
  };
}

const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined);

/** A pay-later method's terms as the method list tells them (PaymentMethod.payLater), from its options. */
export function payLaterTerms(options: PlanOptions): PayLaterTerms {
  const terms: PayLaterTerms = { plan: options.plan === 'payLater' ? 'payLater' : 'installments' };
  const count = whole(options.count);
  const intervalWeeks = whole(options.intervalWeeks);
  const interestFreeDays = whole(options.interestFreeDays);
  if (count !== undefined) terms.count = count;
  if (intervalWeeks !== undefined) terms.intervalWeeks = intervalWeeks;
  if (interestFreeDays !== undefined) terms.interestFreeDays = interestFreeDays;
  return terms;
}
