// A result page of a payment still under way (processing, waiting for authorization, pending) follows
// the order: it asks for its status every few seconds (the server asks the card issuer again), and
// once the payment is no longer waiting it goes where the payment now leads (the thank-you page when
// paid, the failed page when it failed). It stops after the spec's 15 minutes: a bank that takes longer
// is told by email, and a page left open in a tab does not ask forever.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { OrderStatus } from '../../../schemas/generated/api';
import { STATUS_POLL_FOR_MS } from '../order/use-order-status';
import { useGoTo } from './go-to';

type PaymentState = NonNullable<OrderStatus['payment']>['status'];

/** The states a payment is still waiting in (the page keeps following it). */
export const WAITING_STATES: readonly PaymentState[] = ['pending', 'processing', 'authorization', 'action'];

/** A card issuer answers in seconds; a bank or voucher in minutes. */
export const FAST_POLL_MS = 1_500;
export const SLOW_POLL_MS = 4_000;

const isWaiting = (status: OrderStatus) =>
  status.status === 'pending' && status.payment !== null && WAITING_STATES.includes(status.payment.status);

/** The wait before the next status call, or null when the page should stop asking. */
export function nextPaymentPoll(status: OrderStatus, elapsedMs: number): number | null {
  if (!isWaiting(status)) return null;
  const delay = status.payment!.status === 'pending' ? SLOW_POLL_MS : FAST_POLL_MS;
  return elapsedMs + delay <= STATUS_POLL_FOR_MS ? delay : null;
}

/** Where the page should go now, or null to stay: the payment left the state this page shows. */
export function leadsElsewhere(status: OrderStatus, shown: PaymentState, orderToken: string): string | null {
  if (status.status === 'paid') return status.payment?.next ?? `/thankyou/${orderToken}`;
  if (!status.payment || status.payment.status === shown) return null;
  return status.payment.next;
}

export interface FollowedPayment {
  status: OrderStatus;
  /** The page stopped asking (15 minutes passed) while the payment still waits. */
  gaveUp: boolean;
}

export function usePaymentStatus(orderToken: string, initial: OrderStatus, shown: PaymentState): FollowedPayment {
  const { api } = useRouter().options.context;
  const goTo = useGoTo();
  const [followed, setFollowed] = useState<FollowedPayment>({ status: initial, gaveUp: false });
  useEffect(() => {
    const started = Date.now();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setFollowed({ status: initial, gaveUp: false });
    const schedule = (current: OrderStatus) => {
      const delay = nextPaymentPoll(current, Date.now() - started);
      if (delay === null) return void setFollowed({ status: current, gaveUp: isWaiting(current) });
      timer = setTimeout(() => {
        api.orders
          .status(orderToken)
          .then((next) => {
            if (!live) return;
            const elsewhere = leadsElsewhere(next, shown, orderToken);
            if (elsewhere) return goTo(elsewhere);
            setFollowed({ status: next, gaveUp: false });
            schedule(next);
          })
          // A failed call (offline a moment) is tried again at the next turn.
          .catch(() => live && schedule(current));
      }, delay);
    };
    schedule(initial);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, goTo, orderToken, initial, shown]);
  return followed;
}
