// The payment result pages `/payment/{handle}?order={order token}` (spec sections 2 and 4): where a
// provider sends the shopper back (`information`, which asks the server how the payment stands and moves
// on), the pages of a payment still under way (`processing`, `authorization`, `pending`: they follow the
// order until it is paid or failed), and those of a payment that ended without money (`failed`,
// `canceled`). An order that does not exist is `missing` (a 404). Every one is the buyer's own: never
// kept, never indexed. The static routes `/payment/confirmAddress` and co. are other pages and win over
// `$handle`. This file loads with every page: the views load lazily.
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import type { OrderStatus } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import { intlLocale } from '../i18n/locales';
import { isProviderPage } from '../ui/payment/go-to';
import { isToken } from '../ui/order/handles';
import { PaymentNotFound } from './views/payment/PaymentNotFound';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

/** The result pages that show an order's payment as the server has it. */
export const RESULT_PAGES = ['processing', 'authorization', 'pending', 'failed', 'canceled'] as const;
export type ResultPage = (typeof RESULT_PAGES)[number];
const isResultPage = (handle: string): handle is ResultPage => (RESULT_PAGES as readonly string[]).includes(handle);

// `kind`, not `page`: the server takes loader data with a `page` for a theme page (its blocks).
export type PaymentPageData =
  | { kind: 'information'; order: string }
  | {
      kind: ResultPage;
      order: string;
      status: OrderStatus;
      /** The message key of a failure's code (`errors.<name>`), null when the code is unknown. */
      failureKey: string | null;
      /** A voucher's last day to pay, written in the page's language (null for other payments). */
      payBy: string | null;
    };

/** `notFound` data of an order that does not exist (unknown handles are the shop's own 404). */
export const MISSING_ORDER = { missingOrder: true } as const;

const pathOf = (href: string) => href.split('?')[0];

/** "Nov 26, 2026, 3:40 PM UTC": a voucher is paid by a time of day, said with its zone. */
function deadline(iso: string, locale: string): string {
  return (
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' UTC'
  );
}

export const paymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment/$handle',
  staticData: { cache: 'private' },
  // The router keeps query values a validator leaves out, so an order that cannot be one is set to undefined.
  validateSearch: (search: Record<string, unknown>): { order?: string } => ({
    order: typeof search.order === 'string' && isToken(search.order) ? search.order : undefined,
  }),
  loaderDeps: ({ search }) => ({ order: search.order }),
  // Each visit reads the order anew: the back button never shows a payment as it was.
  staleTime: 0,
  gcTime: 0,
  loader: ({ context, params, deps }) =>
    guardLoader(context, async (): Promise<PaymentPageData> => {
      const { handle } = params;
      if (handle !== 'information' && handle !== 'missing' && !isResultPage(handle)) throw notFound();
      const order = deps.order;
      if (!order || handle === 'missing') throw notFound({ data: MISSING_ORDER });
      if (handle === 'information') return { kind: 'information', order };
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
      const payBy = voucher ? deadline(status.expiresAt!, context.translations.current().locale) : null;
      return { kind: handle, order, status, failureKey, payBy };
    }),
  head: ({ params, loaderData, match }) => {
    const { t } = match.context.translations.current();
    const title = loaderData
      ? t(`paymentResult.${loaderData.kind}.title`)
      : params.handle === 'information' || params.handle === 'missing' || isResultPage(params.handle)
        ? t('paymentResult.missing.title')
        : t('error.notFound');
    return { meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] };
  },
  notFoundComponent: PaymentNotFound,
  component: lazyRouteComponent(() => import('./views/payment/PaymentView')),
});
