// The API client's checkout calls: starting, reading and saving a checkout, its coupons, shipping, the
// countries and provinces, extras, and the recovery of an abandoned one.
import type { Answer, BodyOf } from './call-types';
import type { Transport } from './transport';

/** The data and bodies of some calls, by the names the renderer knows them by. */
type Checkout = Answer<'get /multicurrency/general/checkout/{token}'>;
type CheckoutUpdate = BodyOf<'post /multicurrency/asyncPayInfoSave'>;

export function checkoutCalls({ get, post, send, path }: Transport) {
  return {
    /** From the cart, or "buy now" of one item (the cart is left as it is). */
    start: (buyNow?: { skuId: number; quantity: number }) =>
      post<'post /multicurrency/general/checkout'>('multicurrency/general/checkout', buyNow ? { buyNow } : {}),
    get: (token: string) =>
      send<'get /multicurrency/general/checkout/{token}'>('get', `multicurrency/general/checkout/${path(token)}`),
    /** Saves what the shopper told (the fields given); a 400 names each bad field with its rule. */
    save: (update: CheckoutUpdate) => post<'post /multicurrency/asyncPayInfoSave'>('multicurrency/asyncPayInfoSave', update),
    saveAll: (update: CheckoutUpdate) =>
      post<'post /multicurrency/general/checkout-onepage'>('multicurrency/general/checkout-onepage', update),
    // With a checkoutToken the coupon calls answer the checkout, not the cart their routes declare.
    applyCoupon: (checkoutToken: string, code: string) =>
      post<'post /multicurrency/general/coupon'>('multicurrency/general/coupon', {
        code,
        checkoutToken,
      }) as Promise<unknown> as Promise<Checkout>,
    removeCoupon: (checkoutToken: string) =>
      send<'delete /coupon'>('delete', 'coupon', { checkoutToken }) as Promise<unknown> as Promise<Checkout>,
    /** Priced for the checkout when its token is given (buy now is not the cart), else for the cart. */
    shippingOptions: (countryCode: string, provinceCode?: string, checkoutToken?: string) =>
      send<'get /multicurrency/general/shipping-template'>('get', 'multicurrency/general/shipping-template', {
        countryCode,
        provinceCode,
        checkoutToken,
      }),
    countries: () => get<'get /shipping-template/country'>('shipping-template/country'),
    provinces: (countryCode: string) => get<'get /districts/getProvince'>('districts/getProvince', { countryCode }),
    checkZip: (countryCode: string, zip: string) =>
      send<'get /base-districts/check/zip'>('get', 'base-districts/check/zip', { countryCode, zip }),
    tip: () => get<'get /multicurrency/additional/tip'>('multicurrency/additional/tip'),
    insurance: () => get<'get /multicurrency/additional/shippingInsurance'>('multicurrency/additional/shippingInsurance'),
    /** Restores an abandoned checkout from the link of its recovery mail. */
    recover: (key: string) => post<'post /checkout/recovering/{key}'>(`checkout/recovering/${path(key)}`, {}),
    /** Stops the reminder mails of that checkout's email (the mail's "stop these reminders" link). */
    optOut: (key: string) => post<'post /checkout/recovering/{key}/optout'>(`checkout/recovering/${path(key)}/optout`, {}),
  };
}
