// Express checkout (spec section 7: POST api/paymentStrategy/{paymentMethod}/shippingInfo): a wallet
// (Google Pay, Apple Pay, PayPal Express) hands the shop the payer's address and e-mail from its sheet.
// The ways of shipping this checkout's lines to that address are priced (buy now is not the cart), the
// cheapest is chosen, and address, e-mail and choice are saved with the checkout's own save (every field
// checked by the rules of spec section 5); the answer is the checkout priced anew, whose totals the sheet
// shows. 5007 when the shop does not ship to the wallet's country, 5009 for no such checkout, 7002 for a
// completed one, 400 naming each bad field.
import type { Checkout, CheckoutAddress } from '../../../schemas/generated/api';
import type { Shopper } from '../shopper';
import { ShopError } from '../errors';
import { UNSUPPORTED_COUNTRY } from '../pricing/shipping';
import type { Checkouts } from './index';

export interface ExpressShippingInfo {
  checkoutToken: string;
  address: CheckoutAddress;
  email: string;
}

/** The cheapest way of shipping (the first listed of equal prices). */
export const cheapest = <T extends { price: number }>(options: T[]): T | undefined =>
  options.reduce<T | undefined>((best, option) => (!best || option.price < best.price ? option : best), undefined);

export async function expressShippingInfo(
  checkouts: Checkouts,
  { checkoutToken, address, email }: ExpressShippingInfo,
  shopper: Shopper,
): Promise<Checkout> {
  const options = await checkouts.shippingOptions(
    { checkoutToken },
    { country: address.country, ...(address.province ? { province: address.province } : {}) },
    shopper.locale,
    shopper.baseCurrency,
  );
  const chosen = cheapest(options);
  if (!chosen) throw new ShopError('shippingTemplateNotMatched', UNSUPPORTED_COUNTRY);
  return checkouts.update({ token: checkoutToken, email, shippingAddress: address, shippingTemplateId: chosen.id }, shopper);
}
