// The address confirmation's countdown (/payment/confirmAddress): what is left, as a clock and in words,
// and when a screen reader is told (at a few moments, never every second).

/** Moments (ms left) at which the time left is announced: 10, 5, 2 and 1 minutes, 30 seconds. */
export const ANNOUNCE_AT_MS = [10 * 60_000, 5 * 60_000, 2 * 60_000, 60_000, 30_000] as const;

export const remainingMs = (deadline: number, now: number) => Math.max(0, deadline - now);

/** The time left as whole minutes and seconds (rounded up: "0:01" until it is over). */
export function parts(ms: number): { minutes: number; seconds: number } {
  const total = Math.ceil(ms / 1000);
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** "14:05": the clock shown. */
export function clockText(ms: number): string {
  const { minutes, seconds } = parts(ms);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The last moment passed between two ticks (`before` > `after`), if any: the time left is announced then.
 * A tab woken after a long sleep passes several at once and is announced once.
 */
export function crossedMoment(before: number, after: number): number | null {
  let crossed: number | null = null;
  for (const moment of ANNOUNCE_AT_MS) if (before > moment && after <= moment && after > 0) crossed = moment;
  return crossed;
}
