// A payment waiting for the shopper on one of the shop's own pages goes on (spec section 2:
// /payment/confirmAddress, /payment/confirmShipping, /payment/replenishAddress; section 7: PUT
// api/paymentStrategy): the address confirmed or completed is kept on the order, then the provider takes
// the payment.
import { eq } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema';
import { addressProblems } from '../checkout/update-checkout';
import { badRequest, ShopError } from '../errors';
import { shippingCountries, shippingOptions } from '../pricing/shipping';
import type { Reference } from '../reference';
import type { Confirmed } from './confirm-payment';
import { orderWithPayment, providerOf, type PaymentLookup } from './latest-payment';
import { settlePayment } from './settle-payment';

const SHOP_ACTIONS = ['confirmAddress', 'confirmShipping', 'replenishAddress'] as const;

/**
 * The address a shopper confirmed or completed passes the checkout's rules (spec section 5) and is served
 * by the order's way of shipping (its price was paid for it); else one 400 naming each bad field
 * (`/address/zip`), and nothing changes.
 */
async function checkAddress(reference: Reference, address: CheckoutAddress, shippingTemplateId: number | null) {
  const settings = await reference.checkout();
  const served = new Set(shippingCountries(settings.shippingTemplates));
  const problems = await addressProblems(reference, served, address, '/address');
  if (!problems.length && shippingTemplateId !== null) {
    let offered: { id: number }[] = [];
    try {
      offered = shippingOptions(settings.shippingTemplates, { country: address.country, province: address.province }, 0);
    } catch {
      offered = [];
    }
    if (!offered.some((o) => o.id === shippingTemplateId))
      problems.push({ path: '/address/country', message: 'is not served by the way of shipping paid for', rule: 'shipping' });
  }
  if (problems.length) throw badRequest('The address is not complete or not correct.', { errors: problems });
}

export async function resumePayment(
  db: Db,
  lookup: PaymentLookup & { reference: Reference },
  orderToken: string,
  input: { address?: CheckoutAddress; acceptShipping?: boolean },
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
  if (input.address) await checkAddress(lookup.reference, input.address, order.shippingTemplateId);
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
