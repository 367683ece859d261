// Splits the time left until a deadline into digit groups: the countdown block's timer and the funnel
// offer's deadline (blocks/shared/offer) both count down by it.

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
  ended: boolean;
}

export function timeLeft(deadline: number, now: number): TimeLeft {
  const ms = Math.max(0, deadline - now);
  return {
    days: Math.floor(ms / 86_400_000),
    hours: Math.floor(ms / 3_600_000) % 24,
    minutes: Math.floor(ms / 60_000) % 60,
    seconds: Math.floor(ms / 1000) % 60,
    milliseconds: ms % 1000,
    ended: ms === 0,
  };
}

/** Above this the visitor's clock is plainly wrong, so the server's clock is trusted instead. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** How far the visitor's clock is off, when it is off by more than network latency could explain. */
export function clockOffset(serverNow: number, clientNow: number): number {
  const offset = serverNow - clientNow;
  return Math.abs(offset) > MAX_CLOCK_SKEW_MS ? offset : 0;
}
