// The waiting payment of an order at one provider, for the provider's own calls after the order is placed
// (Oceanpayment's sign, Payssion's createTransactionSign): refused with the spec's codes when the order is
// paid (7002), over (5008), or has no waiting payment of that provider (7007).
import { ShopError } from '../commerce/errors';
import { WAITING } from '../commerce/orders/settle-payment';
import type { ApiDeps } from './deps';

export async function waitingPaymentAt({ commerce, payments }: ApiDeps, orderToken: string, provider: string) {
  const { order, payment } = await commerce.orders.withPayment(orderToken);
  if (order.status === 'paid') throw new ShopError('orderAlreadySettled', 'This order is paid.', { orderToken });
  if (order.status !== 'pending') throw new ShopError('paymentPeriodExpired', 'The time to pay this order ran out.');
  const method = payment ? await payments.method(payment.method) : undefined;
  if (!payment || !WAITING.includes(payment.status) || method?.handler.id !== provider)
    throw new ShopError('paymentMethodError', `This order has no ${provider} payment waiting: pay it with ${provider} first.`);
  return { order, payment, reference: payment.providerReference! };
}
