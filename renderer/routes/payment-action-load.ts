// The loader of the payment action pages (routes/payment-actions.tsx), loaded with its first use: the
// order, how its payment stands and (for an address to confirm or complete) the countries; a page the
// order no longer needs sends the shopper where the order now belongs.
import { notFound, redirect } from '@tanstack/react-router';
import type { Order, OrderStatus } from '../../schemas/generated/api';
import type { PaymentActionData } from '../ui/payment-actions/action-data';
import type { RouterContext } from '../router-context';
import { guardLoader } from './guard-loader';
import { orNotFound } from './not-found-on-404';
import type { PaymentActionKind } from './payment-action-data';

/** Where the order belongs instead of this page (paid, or waiting for something else), if anywhere. */
export function elsewhere(kind: PaymentActionKind, order: Order, status: OrderStatus): string | null {
  if (order.status === 'paid') return `/thankyou/${order.token}`;
  const next = status.payment?.next;
  // A provider's own page is left to the provider's flow; only the shop's own pages are sent to here.
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  return next.startsWith(`/payment/${kind}?`) || next === `/payment/${kind}` ? null : next;
}

export function loadPaymentAction(context: RouterContext, kind: PaymentActionKind, token: string | undefined) {
  return guardLoader(context, async (): Promise<PaymentActionData> => {
    if (!token) throw notFound();
    const { api } = context;
    const [order, status, countries] = await Promise.all([
      orNotFound(api.orders.get(token)),
      orNotFound(api.orders.status(token)),
      kind === 'confirmShipping' ? Promise.resolve([]) : api.checkout.countries().catch(() => []),
    ]);
    const away = elsewhere(kind, order, status);
    if (away) throw redirect({ href: away, replace: true });
    return { order, status, countries, loadedAt: Date.now() };
  });
}
