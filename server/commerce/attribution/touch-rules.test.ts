// The first-touch and last-touch rules: the first campaign visit is kept forever, the last one follows
// each campaign visit only, and an order takes the earliest first and the latest last of its buyer's rows.
import { describe, expect, it } from 'vitest';
import type { TimedTouch } from './campaign-touch';
import { afterVisit, mergeTouches } from './touch-rules';

const touch = (campaign: string, day: number): TimedTouch => ({
  source: 'newsletter',
  medium: 'email',
  campaign,
  term: null,
  content: null,
  landingPath: '/',
  at: new Date(Date.UTC(2025, 2, day)),
});

describe('afterVisit', () => {
  it('makes the first campaign visit both touches', () => {
    const spring = touch('spring', 1);
    expect(afterVisit(null, spring)).toEqual({ first: spring, last: spring });
  });

  it('keeps the first touch and moves the last one on each later campaign visit', () => {
    const spring = touch('spring', 1);
    const summer = touch('summer', 2);
    const autumn = touch('autumn', 3);
    const afterSummer = afterVisit(afterVisit(null, spring), summer);
    expect(afterSummer).toEqual({ first: spring, last: summer });
    expect(afterVisit(afterSummer, autumn)).toEqual({ first: spring, last: autumn });
  });

  it('changes nothing on a visit that is no campaign visit', () => {
    const current = { first: touch('spring', 1), last: touch('summer', 2) };
    expect(afterVisit(current, null)).toBe(current);
    expect(afterVisit(null, null)).toBeNull();
  });
});

describe('mergeTouches', () => {
  it('has no touches without rows (the order is direct)', () => {
    expect(mergeTouches([])).toBeNull();
  });

  it("takes the earliest first touch and the latest last touch of the buyer's devices", () => {
    const phone = { first: touch('spring', 1), last: touch('summer', 5) };
    const laptop = { first: touch('winter', 3), last: touch('autumn', 9) };
    expect(mergeTouches([laptop, phone])).toEqual({ first: phone.first, last: laptop.last });
    expect(mergeTouches([phone])).toBe(phone);
  });
});
