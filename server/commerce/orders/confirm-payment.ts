// The shopper is back from the provider's page (spec section 7: POST api/paymentStrategy/confirm and
// /threeDs), or a result page asks again: the provider says how the payment stands and it is settled
// (settle-payment.ts). Asking twice, or after the webhook settled it, changes nothing; money that came for
// an order no longer waiting for it is given back.
import type { Db } from '../../db/connect';
import { ShopError } from '../errors';
import { orderWithPayment, providerOf, type PaymentLookup } from './latest-payment';
import type { OrderRow } from './place-order';
import { settlePayment, WAITING, type PaymentRow } from './settle-payment';

export interface Confirmed {
  order: OrderRow;
  payment: PaymentRow | null;
  newlyPaid: boolean;
}

export async function confirmPayment(
  db: Db,
  lookup: PaymentLookup,
  orderToken: string,
  options: { threeDs?: boolean } = {},
): Promise<Confirmed> {
  const { order, payment } = await orderWithPayment(db, orderToken);
  // A payment still waiting is asked about even when its order is over (expired, canceled, replaced): the
  // money it took meanwhile is given back (settle-payment.ts), never left with the shop.
  if (!payment || !WAITING.includes(payment.status)) return { order, payment, newlyPaid: false };
  if (options.threeDs && payment.action !== 'threeDs')
    throw new ShopError('paymentMethodError', 'This payment is not waiting for 3-D Secure.');
  const provider = await providerOf(lookup, payment);
  const settled = await settlePayment(db, provider, payment, await provider.retrieve(payment.providerReference!));
  return { ...(await orderWithPayment(db, orderToken)), newlyPaid: settled.newlyPaid };
}
