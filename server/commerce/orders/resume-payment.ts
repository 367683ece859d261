// A payment waiting for the shopper on one of the shop's own pages goes on (spec section 2:
// /payment/confirmAddress, /payment/confirmShipping, /payment/replenishAddress; section 7: PUT
// api/paymentStrategy): the address confirmed or completed is kept on the order, then the provider takes
// the payment.
import { eq } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { badRequest, ShopError } from '../errors';
import { addressCorrectionProblems } from './address-correction';
import type { OrderRow } from './place-order';
import type { Reference } from '../reference';
import type { Confirmed } from './confirm-payment';
import { orderWithPayment, providerOf, type PaymentLookup } from './latest-payment';
import { settlePayment } from './settle-payment';

const SHOP_ACTIONS = ['confirmAddress', 'confirmShipping', 'replenishAddress'] as const;

/**
 * The address a shopper confirmed or completed passes the checkout's rules (spec section 5) and is served
 * by the order's way of shipping at no higher price than was paid (address-correction.ts); else one 400
 * naming each bad field (`/address/zip`), and nothing changes.
 */
async function checkAddress(db: Db, reference: Reference, order: OrderRow, address: CheckoutAddress, baseCode: string) {
  const problems = await addressCorrectionProblems(db, reference, order, address, '/address', baseCode);
  if (problems.length) throw badRequest('The address is not complete or not correct.', { errors: problems });
}

export async function resumePayment(
  db: Db,
  lookup: PaymentLookup & { reference: Reference },
  orderToken: string,
  input: { address?: CheckoutAddress; acceptShipping?: boolean },
  baseCode: string,
  now = new Date(),
): Promise<Confirmed> {
  const { order, payment } = await orderWithPayment(db, orderToken);
  if (order.status !== 'pending') {
    if (order.status === 'paid') return { order, payment, newlyPaid: false };
    throw new ShopError('paymentPeriodExpired', 'The time to confirm this order ran out: it was canceled.');
  }
  const action = payment?.status === 'action' ? payment.action : null;
  if (!payment || !action || !(SHOP_ACTIONS as readonly string[]).includes(action))
    throw new ShopError('paymentMethodError', 'This order is not waiting for its address or shipping.');
  // Past its countdown the order is as good as canceled (the expiry job cancels it within its minute).
  if (action === 'confirmAddress' && order.addressConfirmBy && order.addressConfirmBy.getTime() <= now.getTime())
    throw new ShopError('paymentPeriodExpired', 'The time to confirm the address ran out: the order is canceled.');
  if ((action === 'confirmAddress' || action === 'replenishAddress') && !input.address)
    throw new ShopError('shippingAddressMissing', 'The shipping address is missing.');
  if (action === 'confirmShipping' && !input.acceptShipping)
    throw new ShopError('incompleteInformation', 'Accept the shipping price to go on.');
  if (input.address) await checkAddress(db, lookup.reference, order, input.address, baseCode);
  if (input.address) await db.update(orders).set({ shippingAddress: input.address }).where(eq(orders.id, order.id));
  const provider = await providerOf(lookup, payment);
  if (!provider.resume) throw new ShopError('paymentMethodError', `${payment.method} cannot go on after ${action}.`);
  const result = await provider.resume(payment.providerReference!, {
    ...(input.address ? { address: input.address } : {}),
    ...(input.acceptShipping ? { amount: order.totals!.totalPrice } : {}),
  });
  const settled = await settlePayment(db, provider, payment, result, now);
  return { ...(await orderWithPayment(db, orderToken)), newlyPaid: settled.newlyPaid };
}
