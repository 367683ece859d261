// Pays the order of a checkout (spec section 7: POST api/payment/create-order, POST api/paymentStrategy):
// the order is placed, or the one waiting for its payment is taken again, then the method's provider is
// asked, outside any transaction (a gateway call must not hold the database). The idempotency key makes
// a retried or double-clicked payment charge once: a key seen before answers what it answered then. A
// card decline leaves the order payable with another card; a payment that succeeds at once marks the
// order paid in the same statement that records it; one that needs the shopper (3-D Secure, a wallet or
// bank page, confirming the address) or the bank (a webhook) is recorded waiting and settled later
// (settle-payment.ts).
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { checkouts } from '../../db/checkout-schema';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import { declineCodeOf, declineOf } from '../../payments/decline-codes';
import { methodFor, refuseUnlessFits, refuseUnlessTakes } from '../../payments/method-use';
import { bankProblem } from '../../payments/simulated/bank/banks';
import type { FailureName, PaymentResult } from '../../payments/provider';
import type { OfferedMethod } from '../../payments/registry';
import type { Promotions } from '../catalog/promotions';
import { badRequest, ShopError } from '../errors';
import type { Reference } from '../reference';
import { placeOrder, type OrderContext, type OrderRow } from './place-order';
import { ADDRESS_CONFIRM_MS, VOUCHER_WINDOW_MS } from './payment-windows';
import { refundUnwanted } from './refund-unwanted';
import { payOrderSql, waitingOrderSql, type PaymentRow } from './settle-payment';

export interface PayRequest {
  checkoutToken: string;
  paymentMethodCode: string;
  paymentToken?: string;
  /** The bank the shopper chose, for methods with a bank selection (iDEAL). */
  bank?: string;
  idempotencyKey: string;
}

export interface PayDeps {
  promotions: Promotions;
  reference: Reference;
  /** The method of a code the shop offers (server/payments/registry.ts). */
  method(code: string): Promise<OfferedMethod | undefined>;
  /** The shop's public origin: the providers' return addresses are made from it. */
  origin: string;
}

export interface PayAnswer {
  order: OrderRow;
  payment: PaymentRow;
  /** True for the one call that made the order paid (its caller sends the confirmation). */
  newlyPaid: boolean;
}

const orderFacts = (order: Pick<OrderRow, 'token' | 'number'>) => ({ orderToken: order.token, orderNumber: order.number });

export function declined(decline: FailureName, order: Pick<OrderRow, 'token' | 'number'>): ShopError {
  return new ShopError(
    decline,
    `The payment was declined (${declineCodeOf(decline)}). The order is waiting: pay again with the same or another card.`,
    orderFacts(order),
  );
}

/** What a payment answered before, by its idempotency key: its order and payment, or its decline again. */
async function answeredBefore(db: Db, key: string, checkoutToken: string): Promise<PayAnswer | null> {
  const [seen] = await db
    .select({ payment: payments, order: orders, checkoutToken: checkouts.token })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(payments.idempotencyKey, key));
  if (!seen) return null;
  // A key names one payment: reused for another checkout it is a mistake, never that payment's answer.
  if (seen.checkoutToken !== checkoutToken) {
    throw badRequest('This idempotency key was used for another payment: send a new one.', {
      errors: [{ path: '/idempotencyKey', message: 'was used for another payment', rule: 'idempotencyKeyReused' }],
    });
  }
  if (seen.payment.status === 'failed' && seen.payment.declineCode !== null && seen.payment.declineCode >= 80000)
    throw declined(declineOf(seen.payment.declineCode), seen.order);
  return { order: seen.order, payment: seen.payment, newlyPaid: false };
}

/** The payment row of a provider's first answer (waiting, failed or canceled). */
function waitingRow(
  order: OrderRow,
  method: OfferedMethod,
  request: { idempotencyKey: string; bank?: string },
  result: PaymentResult,
) {
  const card = 'card' in result ? result.card : undefined;
  return {
    orderId: order.id,
    method: method.code,
    amount: order.totals!.totalPrice,
    currencyCode: order.currencyCode!,
    status: result.status,
    action: result.status === 'action' ? result.action : null,
    redirectUrl: result.status === 'action' ? (result.redirectUrl ?? null) : null,
    reason: result.status === 'pending' ? result.reason : result.status === 'failed' ? (result.reason ?? null) : null,
    declineCode: result.status === 'failed' ? declineCodeOf(result.decline) : null,
    idempotencyKey: request.idempotencyKey,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    providerReference: result.reference,
    bank: request.bank ?? null,
  };
}

export async function payCheckout(db: Db, deps: PayDeps, request: PayRequest, context: OrderContext): Promise<PayAnswer> {
  if (!request.paymentMethodCode.trim()) throw new ShopError('paymentChannelEmpty', 'Choose a payment method.');
  const method = await methodFor(deps.method, request.paymentMethodCode);
  // A method with a bank selection (iDEAL) names one of its banks, checked before the order is placed.
  const bank = bankProblem(method.options, request.bank);
  if (bank) throw badRequest(`The bank ${bank}.`, { errors: [{ path: '/bank', message: bank, rule: 'bank' }] });
  const before = await answeredBefore(db, request.idempotencyKey, request.checkoutToken);
  if (before) return before;

  // A funnel's checkout is paid with the funnel's methods, the shop's with the shop's (method-use.ts):
  // checked on the checkout placeOrder locks, before any order is placed or taken again.
  const order = await placeOrder(
    db,
    {
      ...deps,
      beforePlacing: (checkout) => {
        refuseUnlessTakes(method, checkout.funnelId === null ? 'shop' : 'funnel');
        refuseUnlessFits(method, { country: checkout.shippingAddress?.country, currency: context.currency.code });
      },
    },
    request.checkoutToken,
    context,
  );
  const amount = order.totals!.totalPrice;
  const result = await method.handler.createPayment({
    method: method.code,
    options: method.options,
    orderNumber: order.number!,
    orderToken: order.token!,
    amount,
    currencyCode: order.currencyCode!,
    origin: deps.origin,
    locale: context.locale,
    email: order.email ?? undefined,
    shippingAddress: order.shippingAddress,
    paymentToken: request.paymentToken,
    bank: request.bank,
    idempotencyKey: request.idempotencyKey,
  });
  // The same key sent twice at once: the first to record it answers for both.
  return recordAnswer(
    db,
    { order, method, idempotencyKey: request.idempotencyKey, bank: request.bank },
    result,
    context,
    async () => (await answeredBefore(db, request.idempotencyKey, request.checkoutToken)) ?? raise(),
  );
}

/**
 * Records a provider's answer to the payment of an order (a checkout's, or a funnel offer's): a waiting or
 * failed attempt as it is (a decline thrown as its code), a success in one statement with the order made
 * paid. `answerOfTheFirst` answers when another call recorded the same key first.
 */
export async function recordAnswer(
  db: Db,
  attempt: { order: OrderRow; method: OfferedMethod; idempotencyKey: string; bank?: string },
  result: PaymentResult,
  context: Pick<OrderContext, 'now'>,
  answerOfTheFirst: () => Promise<PayAnswer>,
): Promise<PayAnswer> {
  const { order, method } = attempt;
  const row = waitingRow(order, method, attempt, result);

  if (result.status !== 'succeeded') {
    const [recorded] = await db.insert(payments).values(row).onConflictDoNothing({ target: payments.idempotencyKey }).returning();
    if (!recorded) return answerOfTheFirst();
    if (result.status === 'failed') throw declined(result.decline, order);
    const holdUntil =
      result.status === 'pending' && result.reason === 'voucher'
        ? new Date(context.now.getTime() + VOUCHER_WINDOW_MS)
        : result.status === 'action' && result.action === 'confirmAddress'
          ? new Date(context.now.getTime() + ADDRESS_CONFIRM_MS)
          : null;
    if (holdUntil) {
      const addressConfirmBy = result.status === 'action' ? holdUntil : null;
      await db.update(orders).set({ expiresAt: holdUntil, addressConfirmBy }).where(eq(orders.id, order.id));
      return { order: { ...order, expiresAt: holdUntil, addressConfirmBy }, payment: recorded, newlyPaid: false };
    }
    return { order, payment: recorded, newlyPaid: false };
  }

  // One statement (atomic by itself: one commit on the buyer's way): the payment recorded, the order paid
  // if it still waits, its checkout completed, and what was bought out of the cart. The order's row is
  // locked first (as settle-payment.ts does): the payment is recorded succeeded only if it pays the order;
  // money for an order no longer waiting for it is recorded processing (not yet given back) until it is.
  const now = context.now.toISOString();
  const [outcome] = await queryRows<{ id: number | null; createdAt: string | null; paid: number }>(
    db,
    sql`with ${waitingOrderSql(order.id)},
        recorded as (
          insert into ${payments} (order_id, method, amount, currency_code, status, idempotency_key, card_brand, card_last4, provider_reference, bank)
          select ${row.orderId}::int, ${row.method}, ${row.amount}::int, ${row.currencyCode},
                 case when exists (select 1 from waiting) then 'succeeded' else 'processing' end,
                 ${row.idempotencyKey}, ${row.cardBrand}, ${row.cardLast4}, ${row.providerReference}, ${row.bank}
          on conflict (idempotency_key) do nothing returning id, created_at),
        ${payOrderSql(sql`select id from waiting where exists (select 1 from recorded)`, sql`${method.code}`, now)}
        select (select id from recorded) as id, (select created_at from recorded) as "createdAt",
               (select count(*) from paid)::int as paid`,
  );
  if (!outcome?.id) return answerOfTheFirst();
  // The payment as recorded (no second read on the buyer's way).
  const createdAt = new Date(outcome.createdAt!);
  const payment: PaymentRow = { ...row, status: 'succeeded', id: outcome.id, declineCode: null, createdAt, updatedAt: createdAt };
  if (!outcome.paid) {
    // Paid after the order expired unpaid (its stock went back) or was replaced: the money is given back.
    await refundUnwanted(db, method.handler, { ...payment, status: 'processing' });
    throw new ShopError(
      'paymentPeriodExpired',
      'The time to pay this order ran out; the payment was refunded.',
      orderFacts(order),
    );
  }
  return {
    order: { ...order, status: 'paid', paidAt: context.now, paymentMethod: method.code },
    payment,
    newlyPaid: true,
  };
}

function raise(): never {
  throw new ShopError('tryAgainLater', 'The payment is being answered: try again in a moment.');
}
