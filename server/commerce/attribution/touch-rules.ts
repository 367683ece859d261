// The first-touch and last-touch rules (docs/tracking.md#campaign-attribution). Pure.
//
// A visitor's first touch is their first campaign visit, kept forever; their last touch is their latest
// campaign visit (a visit without utm_* parameters changes neither). An order takes the touches of the
// visitor who placed it and, when a customer is signed in, of every visitor id the customer's campaign
// visits were made with (another device): the earliest first touch and the latest last touch.
import type { TimedTouch } from './campaign-touch';

export interface Touches {
  first: TimedTouch;
  last: TimedTouch;
}

/** A visitor's touches after a visit: a campaign visit sets the last touch (and the first, once). */
export function afterVisit(current: Touches | null, visit: TimedTouch | null): Touches | null {
  if (!visit) return current;
  return { first: current?.first ?? visit, last: visit };
}

/** The touches of an order from the rows it may draw on (none: the order has no touch, it is "direct"). */
export function mergeTouches(rows: readonly Touches[]): Touches | null {
  if (!rows.length) return null;
  return rows.reduce((merged, row) => ({
    first: row.first.at < merged.first.at ? row.first : merged.first,
    last: row.last.at > merged.last.at ? row.last : merged.last,
  }));
}
