// Pays the order of a checkout (spec section 7: POST api/payment/create-order): the order is placed, or the
// one waiting for its payment is taken again, then the provider is asked, outside any transaction (a
// gateway call must not hold the database). The idempotency key makes a retried or double-clicked payment
// charge once: a key seen before answers what it answered then. A decline leaves the order payable with
// another card; a payment that succeeds marks the order paid, completes the checkout and empties the cart
// of what was bought.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { cartLines, carts, checkouts, orders, payments } from '../../db/schema';
import { declineCodeOf, declineOf } from '../../payments/decline-codes';
import type { DeclineName, Provider } from '../../payments/provider';
import type { Promotions } from '../catalog/promotions';
import { badRequest, ShopError } from '../errors';
import type { Reference } from '../reference';
import { placeOrder, type OrderContext, type OrderRow } from './place-order';

export interface PayRequest {
  checkoutToken: string;
  paymentMethodCode: string;
  paymentToken?: string;
  idempotencyKey: string;
}

export interface PayDeps {
  promotions: Promotions;
  reference: Reference;
  provider(code: string): Provider | undefined;
}

const orderFacts = (order: Pick<OrderRow, 'token' | 'number'>) => ({ orderToken: order.token, orderNumber: order.number });

function declined(decline: DeclineName, order: Pick<OrderRow, 'token' | 'number'>): ShopError {
  return new ShopError(
    decline,
    `The payment was declined (${declineCodeOf(decline)}). The order is waiting: pay again with the same or another card.`,
    orderFacts(order),
  );
}

/** What a payment answered before, by its idempotency key: the order paid, or its decline again. */
async function answeredBefore(db: Db, key: string, checkoutToken: string): Promise<OrderRow | null> {
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
  if (seen.payment.status === 'failed')
    throw declined(seen.payment.declineCode === null ? 'paymentFailed' : declineOf(seen.payment.declineCode), seen.order);
  return seen.order;
}

export async function payCheckout(
  db: Db,
  deps: PayDeps,
  request: PayRequest,
  context: OrderContext,
): Promise<{ order: OrderRow; newlyPaid: boolean }> {
  if (!request.paymentMethodCode.trim()) throw new ShopError('paymentChannelEmpty', 'Choose a payment method.');
  const provider = deps.provider(request.paymentMethodCode);
  if (!provider) throw new ShopError('paymentChannelNotSupported', `The shop does not take ${request.paymentMethodCode}.`);
  const before = await answeredBefore(db, request.idempotencyKey, request.checkoutToken);
  if (before) return { order: before, newlyPaid: false };

  const order = await placeOrder(db, deps, request.checkoutToken, context);
  const amount = order.totals!.totalPrice;
  const result = await provider.createPayment({
    orderNumber: order.number!,
    amount,
    currencyCode: order.currencyCode!,
    paymentToken: request.paymentToken,
    idempotencyKey: request.idempotencyKey,
  });
  const card = 'card' in result ? result.card : undefined;
  const payment = {
    orderId: order.id,
    method: provider.code,
    amount,
    currencyCode: order.currencyCode!,
    status: result.status,
    declineCode: result.status === 'failed' ? declineCodeOf(result.decline) : null,
    idempotencyKey: request.idempotencyKey,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    providerReference: result.reference,
  };
  // The same key sent twice at once: the first to record it answers for both.
  const answerOfTheFirst = async () =>
    ({ order: (await answeredBefore(db, request.idempotencyKey, request.checkoutToken)) ?? order, newlyPaid: false }) as const;
  if (result.status !== 'succeeded') {
    const recorded = await db
      .insert(payments)
      .values(payment)
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning({ id: payments.id });
    if (!recorded.length) return answerOfTheFirst();
    if (result.status === 'failed') throw declined(result.decline, order);
    return { order, newlyPaid: false };
  }

  // One statement (atomic by itself: one commit on the buyer's way): the payment recorded, the order paid
  // if it still waits, its checkout completed, and what was bought out of the cart with its discount code
  // (buy now never touched the cart).
  const now = context.now.toISOString();
  const [outcome] = await queryRows<{ recorded: number; paid: number }>(
    db,
    sql`with recorded as (
          insert into ${payments} (order_id, method, amount, currency_code, status, idempotency_key, card_brand, card_last4, provider_reference)
          values (${payment.orderId}, ${payment.method}, ${payment.amount}, ${payment.currencyCode}, 'succeeded',
                  ${payment.idempotencyKey}, ${payment.cardBrand}, ${payment.cardLast4}, ${payment.providerReference})
          on conflict (idempotency_key) do nothing returning id),
        paid as (
          update ${orders} set status = 'paid', paid_at = ${now}, payment_method = ${provider.code},
            -- The statement that makes the order paid is the one (once, in one process) whose caller mails it.
            confirmation_sent_at = ${now}
          where id = ${order.id} and status = 'pending' and exists (select 1 from recorded) returning id, checkout_id),
        done as (
          update ${checkouts} set status = 'completed', updated_at = ${now}
          where id = (select checkout_id from paid) returning buy_now, lines, visitor_id),
        cart as (
          update ${carts} set coupon_code = null
          where visitor_id = (select visitor_id from done where not buy_now) returning id),
        bought as (
          delete from ${cartLines} where cart_id in (select id from cart)
          and sku_id in (select (line->>'skuId')::int from done, jsonb_array_elements(done.lines) as line) returning 1)
        select (select count(*) from recorded)::int as recorded, (select count(*) from paid)::int as paid`,
  );
  if (!outcome?.recorded) return answerOfTheFirst();
  const paid = outcome.paid > 0;
  if (!paid) {
    // Paid after the order expired unpaid (its stock went back): the money is given back.
    await provider.refund(result.reference, amount);
    await db.update(payments).set({ status: 'refunded' }).where(eq(payments.idempotencyKey, request.idempotencyKey));
    throw new ShopError(
      'paymentPeriodExpired',
      'The time to pay this order ran out; the payment was refunded.',
      orderFacts(order),
    );
  }
  return { order: { ...order, status: 'paid', paidAt: context.now, paymentMethod: provider.code }, newlyPaid: true };
}
