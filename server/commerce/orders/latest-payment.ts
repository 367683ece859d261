// The order of a buyer's token with its latest payment: what the payment calls after the first one act on.
import { asc, desc, eq } from 'drizzle-orm';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { Provider } from '../../payments/provider';
import type { OfferedMethod } from '../../payments/registry';
import { ShopError } from '../errors';
import type { OrderRow } from './rows';
import type { PaymentRow } from './rows';

export interface PaymentLookup {
  method(code: string): Promise<OfferedMethod | undefined>;
}

/** 7006 (order does not exist) for a token that names no order. */
export async function orderWithPayment(db: Db, token: string): Promise<{ order: OrderRow; payment: PaymentRow | null }> {
  const [order] = isToken(token) ? await db.select().from(orders).where(eq(orders.token, token)) : [];
  if (!order) throw new ShopError('paymentOrderMissing', 'There is no such order.');
  return { order, payment: await latestPayment(db, order.id) };
}

/** The order of a provider's payment reference (channelOrderId); 7006 when none has it. */
export async function orderOfReference(db: Db, reference: string): Promise<{ order: OrderRow; payment: PaymentRow | null }> {
  const [found] = await db
    .select({ token: orders.token })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerReference, reference))
    // The first order paid with it (offers added to a voucher share its reference).
    .orderBy(asc(payments.id))
    .limit(1);
  if (!found) throw new ShopError('paymentOrderMissing', 'No order has a payment with this reference.');
  return orderWithPayment(db, found.token!);
}

export async function latestPayment(db: Db, orderId: number): Promise<PaymentRow | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  return payment ?? null;
}

/** The provider of a payment's method; 7007 when the shop no longer offers it. */
export async function providerOf(lookup: PaymentLookup, payment: PaymentRow): Promise<Provider> {
  const method = await lookup.method(payment.method);
  if (!method) throw new ShopError('paymentMethodError', `The shop no longer takes ${payment.method}.`);
  return method.handler;
}
