// The loader of the payment result pages (routes/payment.tsx), loaded with its first use: the order's
// payment as the server has it now; a page that no longer shows it sends the shopper on.
import { notFound, redirect } from '@tanstack/react-router';
import type { Order, OrderStatus } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';
import { payByDate } from '../ui/order/dated';
import { isProviderPage } from '../ui/payment/go-to';
import { guardLoader } from './guard-loader';
import { isResultPage, MISSING_ORDER, type PaymentPageData } from './payment-data';

const pathOf = (href: string) => href.split('?')[0];

/** The order's lines and totals for the page's summary: a page that waits must not fail for want of them. */
const summaryOf = (context: RouterContext, order: string): Promise<Order | null> =>
  context.api.orders.get(order).catch(() => null);

export function loadPaymentPage(context: RouterContext, handle: string, order: string | undefined) {
  return guardLoader(context, async (): Promise<PaymentPageData> => {
    if (handle !== 'information' && handle !== 'missing' && !isResultPage(handle)) throw notFound();
    if (!order || handle === 'missing') throw notFound({ data: MISSING_ORDER });
    if (handle === 'information') return { kind: 'information', order, summary: await summaryOf(context, order) };
    let status: OrderStatus;
    try {
      status = await context.api.orders.status(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: MISSING_ORDER });
      throw error;
    }
    // A page shows what the payment is now: paid goes to the thank-you page, failed to the failed page…
    const next = status.payment?.next ?? (status.status === 'paid' ? `/thankyou/${order}` : null);
    if (next && pathOf(next) !== `/payment/${handle}`)
      throw redirect({ href: next, replace: true, ...(isProviderPage(next) ? { reloadDocument: true } : {}) });
    const code = status.payment?.code;
    let failureKey: string | null = null;
    if (handle === 'failed' && code !== undefined) {
      const { errorName } = await import('../api/error-message');
      const name = await errorName(code);
      failureKey = name ? `errors.${name}` : null;
    }
    const voucher = handle === 'pending' && status.payment?.reason === 'voucher' && status.expiresAt;
    const payBy = voucher ? payByDate(status.expiresAt!, context.translations.current().locale) : null;
    const summary = handle === 'failed' || handle === 'canceled' ? null : await summaryOf(context, order);
    return { kind: handle, order, status, failureKey, payBy, summary };
  });
}
