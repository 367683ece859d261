// What the payment result pages (routes/payment.tsx) and their loader (routes/payment-load.ts) share.
import type { Order, OrderStatus } from '../../schemas/generated/api';

/** The result pages that show an order's payment as the server has it. */
export const RESULT_PAGES = ['processing', 'authorization', 'pending', 'failed', 'canceled'] as const;
export type ResultPage = (typeof RESULT_PAGES)[number];
export const isResultPage = (handle: string): handle is ResultPage => (RESULT_PAGES as readonly string[]).includes(handle);

// `kind`, not `page`: the server takes loader data with a `page` for a theme page (its blocks).
export type PaymentPageData =
  | { kind: 'information'; order: string; summary: Order | null }
  | {
      kind: ResultPage;
      order: string;
      /** What was ordered and its totals, as the server priced them (null if they could not be read). */
      summary: Order | null;
      status: OrderStatus;
      /** The message key of a failure's code (`errors.<name>`), null when the code is unknown. */
      failureKey: string | null;
      /** A voucher's last day to pay, written in the page's language (null for other payments). */
      payBy: string | null;
    };

/** `notFound` data of an order that does not exist (unknown handles are the shop's own 404). */
export const MISSING_ORDER = { missingOrder: true } as const;
