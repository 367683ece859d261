// A payment ends (spec section 4): the shopper came back from the provider's page, the provider's webhook
// arrived, or a processing payment was asked again. Whichever comes first moves the payment out of its
// waiting state, in one conditional statement, and if it succeeded the same statement makes its order
// paid, completes the checkout and takes what was bought out of the cart; the second finds nothing to
// move. So a webhook and a return racing each other end in one paid order and one confirmation mail.
// Money that came for an order no longer waiting for it is given back once (refund-unwanted.ts).
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { cartLines, carts } from '../../db/cart-schema';
import { checkouts } from '../../db/checkout-schema';
import { orders } from '../../db/order-schema';
import { payments, type PaymentAttemptStatus } from '../../db/payment-schema';
import type { PaymentResult, Provider } from '../../payments/provider';
import { errorCodes } from '../../../schemas/generated/error-codes';
import { VOUCHER_WINDOW_MS } from './payment-windows';
import { purchaseEventSql } from '../purchase-events/enqueue-sql';
import { refundUnwanted } from './refund-unwanted';
import type { PaymentRow } from './rows';

/** The states a payment waits in; every other is final. */
export const WAITING: readonly PaymentAttemptStatus[] = ['action', 'pending', 'processing', 'authorization'];

export type { PaymentRow };

/**
 * The tail of every statement that pays an order: `paidOrder` (a CTE naming the order, `id`) is made
 * paid if it still waits and its confirmation claimed (the caller mails it), its checkout completed, its
 * cart emptied of what was bought and of its discount code (buy now never touched the cart), and its
 * purchase event made with the server events to send (purchase-events/enqueue-sql.ts).
 */
export const payOrderSql = (orderIdCte: SQL, method: SQL, now: string) => sql`
  paid as (
    update ${orders} set status = 'paid', paid_at = ${now}, payment_method = ${method}, address_confirm_by = null,
      confirmation_sent_at = ${now}
    where id = (${orderIdCte}) and status = 'pending' returning id, checkout_id, token),
  done as (
    update ${checkouts} set status = 'completed', updated_at = ${now}
    where id = (select checkout_id from paid) returning buy_now, lines, visitor_id),
  cart as (
    update ${carts} set coupon_code = null
    where visitor_id = (select visitor_id from done where not buy_now) returning id),
  bought as (
    delete from ${cartLines} where cart_id in (select id from cart)
    and sku_id in (select (line->>'skuId')::int from done, jsonb_array_elements(done.lines) as line) returning 1),
  ${purchaseEventSql(now)}`;

/**
 * The first CTEs of every statement that pays an order: the order `orderId` locked while it still waits
 * (`waiting`). Locks follow the shop's one order, checkout before order (placing an order locks its
 * checkout, then cancels the order it replaces): the order's checkout is locked first (`held_checkout`,
 * none for an offer's order), by a one-time condition PostgreSQL evaluates before it scans the orders.
 * The other way round, a payment settling while its checkout is paid again deadlocked. `no key update`:
 * the rows' keys do not change, so rows that only refer to them (a payment inserted for the order) do not
 * wait on these locks, while another payer of the same order or checkout does.
 */
export const waitingOrderSql = (orderId: number) => sql`
  held_checkout as (
    select id from ${checkouts} where id = (select checkout_id from ${orders} where id = ${orderId}) for no key update),
  waiting as (
    select id from ${orders} where id = ${orderId} and status = 'pending'
      and (select count(*) from held_checkout) >= 0 for no key update)`;

export interface Settled {
  /** The payment as it stands after this call. */
  payment: PaymentRow;
  /** True for the one call that made the order paid (its caller sends the confirmation). */
  newlyPaid: boolean;
  /** The token of the order this call made paid (for its confirmation). */
  orderToken?: string;
}

/** Records what the provider says of a waiting payment; makes its order paid once when it succeeded. */
export async function settlePayment(
  db: Db,
  provider: Provider,
  payment: PaymentRow,
  result: PaymentResult,
  now = new Date(),
): Promise<Settled> {
  const at = now.toISOString();
  const card = 'card' in result ? result.card : undefined;
  if (result.status === 'succeeded') {
    // The order's row is locked first (its checkout, then the order, then its payments; waitingOrderSql):
    // the payment is made succeeded only if its order still waits, in the statement that pays it. Two
    // payments of one order succeeding at once: the second finds the order paid and is given back.
    const [outcome] = await queryRows<{ paid: number; token: string | null }>(
      db,
      sql`with ${waitingOrderSql(payment.orderId)},
          moved as (
            update ${payments} set status = 'succeeded', action = null, updated_at = ${at},
              card_brand = coalesce(${card?.brand ?? null}, card_brand), card_last4 = coalesce(${card?.last4 ?? null}, card_last4)
            where id = ${payment.id} and status in ('action', 'pending', 'processing', 'authorization')
              and exists (select 1 from waiting) returning order_id, method),
          ${payOrderSql(sql`select order_id from moved`, sql`(select method from moved)`, at)}
          select (select count(*) from paid)::int as paid, (select token from paid) as token`,
    );
    if (outcome?.paid) {
      // Paid by this call: the payment is as the statement left it (no second read on the way).
      const settled: PaymentRow = {
        ...payment,
        status: 'succeeded',
        action: null,
        updatedAt: now,
        cardBrand: card?.brand ?? payment.cardBrand,
        cardLast4: card?.last4 ?? payment.cardLast4,
      };
      return { payment: settled, newlyPaid: true, orderToken: outcome.token! };
    }
    // Not paid by this call: settled before by another path (then it is the order's payment), or the money
    // came for an order no longer waiting for it (expired, canceled, replaced, or paid by another payment),
    // or for a payment the shop had closed: it is given back (once, whoever learns of it).
    return { payment: await refundUnwanted(db, provider, payment, now), newlyPaid: false };
  }
  const changes =
    result.status === 'failed'
      ? { status: 'failed' as const, declineCode: errorCodes[result.decline], reason: result.reason ?? null, action: null }
      : result.status === 'action'
        ? { status: 'action' as const, action: result.action, redirectUrl: result.redirectUrl ?? null }
        : result.status === 'pending'
          ? { status: 'pending' as const, reason: result.reason, action: null }
          : { status: result.status, action: null };
  if (changes.status !== payment.status || ('action' in changes && changes.action !== payment.action)) {
    await db
      .update(payments)
      .set({ ...changes, updatedAt: now, ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}) })
      .where(sql`${payments.id} = ${payment.id} and ${payments.status} in ('action', 'pending', 'processing', 'authorization')`);
    // A voucher issued on the provider's page (OXXO) is paid at a store within days: the order waits as
    // long, to the voucher's pay-by date (pay-order.ts holds it so when the voucher is the provider's
    // first answer).
    if (changes.status === 'pending' && changes.reason === 'voucher')
      await db
        .update(orders)
        .set({ expiresAt: new Date(payment.createdAt.getTime() + VOUCHER_WINDOW_MS) })
        .where(sql`${orders.id} = ${payment.orderId} and ${orders.status} = 'pending'`);
  }
  return { payment: await reread(db, payment.id), newlyPaid: false };
}

async function reread(db: Db, id: number): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}
