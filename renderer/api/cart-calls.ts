// The API client's cart calls: the count, lines, gifts and coupons of the visitor's cart.
import type { SaveProductsRequest } from '../../schemas/generated/api';
import type { Transport } from './transport';

export function cartCalls({ get, post, send }: Transport) {
  return {
    quantity: () => get<'get /shopping-carts/quantity'>('shopping-carts/quantity'),
    add: (skuId: number, quantity: number) => post<'post /shopping-carts'>('shopping-carts', { skuId, quantity }),
    /**
     * Never kept: the cart is the visitor's own and changes with every call. `visitor` names whose, for
     * a client without a visitor of its own (the server's, rendering the private cart page).
     */
    get: (visitor?: string) =>
      send<'get /multicurrency/shopping-carts'>(
        'get',
        'multicurrency/shopping-carts',
        {},
        undefined,
        visitor ? { customerUUID: visitor } : undefined,
      ),
    /** Adds several SKUs at once (a bundle's "add all"): all or none. `visitor`: whose cart, as for `get`. */
    addAll: (items: { skuId: number; quantity: number }[], visitor?: string) =>
      send<'post /shopping-carts/saveProducts'>(
        'post',
        'shopping-carts/saveProducts',
        {},
        { items } as SaveProductsRequest,
        visitor ? { customerUUID: visitor } : undefined,
      ),
    setQuantity: (lineId: number, quantity: number) =>
      post<'post /multicurrency/shopping-carts/{id}'>(`multicurrency/shopping-carts/${lineId}`, { quantity }),
    remove: (lineId: number) =>
      send<'delete /multicurrency/shopping-carts/{id}'>('delete', `multicurrency/shopping-carts/${lineId}`),
    /** The free gift the shopper picks (one per cart). */
    addGift: (skuId: number) => post<'post /shopping-carts/gift'>('shopping-carts/gift', { skuId }),
    removeGift: (skuId: number) => send<'delete /shopping-carts/gift/{id}'>('delete', `shopping-carts/gift/${skuId}`),
    applyCoupon: (code: string) => post<'post /multicurrency/general/coupon'>('multicurrency/general/coupon', { code }),
    removeCoupon: () => send<'delete /coupon'>('delete', 'coupon'),
  };
}
