// When a server event that failed is tried again: 30 s, then four times longer each time (2 min, 8 min,
// 32 min, about 2 h), and given up after MAX_ATTEMPTS (about 3 hours in all: the platforms take purchase
// events up to 7 days old, and a longer outage is the merchant's to look at, in the log).
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const FACTOR = 4;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** How long to wait after the `attempts`-th attempt failed (attempts from 1). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * FACTOR ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

/** What becomes of a row whose `attempts`-th attempt failed: tried again at a time, or given up. */
export function afterFailure(
  attempts: number,
  now: Date,
  permanent = false,
): { status: 'pending'; at: Date } | { status: 'failed' } {
  if (permanent || attempts >= MAX_ATTEMPTS) return { status: 'failed' };
  return { status: 'pending', at: new Date(now.getTime() + retryDelayMs(attempts)) };
}
