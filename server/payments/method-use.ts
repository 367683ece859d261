// Where each payment method may pay (spec section 7, the payment-method list): its tags are the one table.
// `normalTag`: the shop's own checkout and the one-click offers after it; `funnelTag`: a funnel's checkout and
// the one-click offers after it (an offer is charged with its main order's method, so that method must still
// pay where the main order was placed: a merchant who takes a method out of the funnels leaves the offers
// after the shop's checkout as they were). Every path
// that pays (create-order, paymentStrategy, funnel-buy, prePay, an express wallet's sheet, a one-click
// offer) asks here, so a method listed for funnels only never pays a shop checkout, and the other way round.
import { fits } from '../../schemas/payment-reach';
import { ShopError } from '../commerce/errors';
import type { OfferedMethod } from './registry';

/**
 * What is being paid: a shop checkout, a funnel checkout, a one-click offer after a funnel order (`offer`)
 * or after a shop order (`shopOffer`: a checkout trigger's).
 */
export type MethodUse = 'shop' | 'funnel' | 'offer' | 'shopOffer';

const TAG: Record<MethodUse, 'normalTag' | 'funnelTag'> = {
  shop: 'normalTag',
  funnel: 'funnelTag',
  offer: 'funnelTag',
  shopOffer: 'normalTag',
};

const WHERE: Record<MethodUse, string> = {
  shop: 'this shop’s checkout',
  funnel: 'this funnel’s checkout',
  offer: 'one-click offers',
  shopOffer: 'one-click offers after this shop’s checkout',
};

/** Whether a method may pay for `use`. */
export const takes = (method: Pick<OfferedMethod, 'normalTag' | 'funnelTag'>, use: MethodUse) => method[TAG[use]];

/** Refuses (7005) a method that may not pay for `use`. */
export function refuseUnlessTakes(method: OfferedMethod, use: MethodUse): void {
  if (!takes(method, use))
    throw new ShopError('paymentChannelNotSupported', `${method.code} cannot be used to pay in ${WHERE[use]}.`);
}

/**
 * The method of a code; 7005 when the shop does not take it, or (with `use`) does not take it there.
 * Without `use` the caller checks where it pays once it knows (refuseUnlessTakes).
 */
export async function methodFor(
  find: (code: string) => Promise<OfferedMethod | undefined>,
  code: string,
  use?: MethodUse,
): Promise<OfferedMethod> {
  const method = await find(code);
  if (!method) throw new ShopError('paymentChannelNotSupported', `The shop does not take ${code.slice(0, 40)}.`);
  if (use) refuseUnlessTakes(method, use);
  return method;
}

/**
 * Refuses (7005) a method whose scheme does not serve the order's destination country or currency
 * (iDEAL for a US address, BLIK in dollars): the checkout never offers it, and a request naming it anyway
 * places no order. Without a destination the order is refused for its missing address instead.
 */
export function refuseUnlessFits(method: OfferedMethod, where: { country: string | undefined; currency: string }): void {
  if (!where.country) return;
  if (!fits(method.reach, { country: where.country, currency: where.currency }))
    throw new ShopError(
      'paymentChannelNotSupported',
      `${method.code} cannot pay an order to ${where.country} in ${where.currency}: choose another payment method.`,
    );
}
