// While an order waits for its payment (a card being confirmed, a bank transfer: spec 2-15 minutes),
// the thank-you page asks for its status every few seconds and shows "paid" when it is, without a
// reload. It stops once the status is final or the bank window has passed: a page left open in a tab
// does not ask forever.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { OrderStatus } from '../../../schemas/generated/api';

export const STATUS_POLL_MS = 4_000;
/** Spec section 9: a bank confirms within 15 minutes; past that the shopper is told by email. */
export const STATUS_POLL_FOR_MS = 15 * 60_000;

/** The wait before the next status call, or null when polling should stop. */
export function nextPollDelay(status: OrderStatus['status'], elapsedMs: number): number | null {
  if (status !== 'pending') return null;
  return elapsedMs + STATUS_POLL_MS <= STATUS_POLL_FOR_MS ? STATUS_POLL_MS : null;
}

export function useOrderStatus(token: string, initial: OrderStatus): OrderStatus {
  const { api } = useRouter().options.context;
  const [status, setStatus] = useState(initial);
  useEffect(() => setStatus(initial), [initial]);
  useEffect(() => {
    const started = Date.now();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (current: OrderStatus['status']) => {
      const delay = nextPollDelay(current, Date.now() - started);
      if (delay === null) return;
      timer = setTimeout(() => {
        api.orders
          .status(token)
          .then((next) => {
            if (!live) return;
            setStatus(next);
            schedule(next.status);
          })
          // A failed call (offline a moment) is tried again at the next turn.
          .catch(() => live && schedule(current));
      }, delay);
    };
    schedule(initial.status);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, token, initial]);
  return status;
}
