// Cart calls of spec section 7: add to cart (one SKU, or several at once), the cart count, the cart
// itself priced by the server, a line's quantity, taking a line out, a discount code, the free gift. Changing the cart
// answers the cart as it now is, so the page shows the new totals without asking again. A crawler's
// changes are refused before anything is written (requireCartWriter).
import { Hono, type Context } from 'hono';
import type {
  AddToCartRequest,
  CouponRemoveQuery,
  CouponRequest,
  GiftRequest,
  PromotePriceRequest,
  SaveProductsRequest,
  UpdateCartLineRequest,
} from '../../schemas/generated/api';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { requireCartWriter, requireVisitor } from './request-context';
import { valid, validate } from './validate';

/** The line id of the address: a whole number, or the line cannot exist. */
function lineId(c: Context): number {
  const id = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id)) throw notFound('There is no such line in your cart.');
  return Number(id);
}

/** The gift's SKU id of the address: a whole number, or there is no such gift (taking it out is then a no-op). */
const giftSkuId = (c: Context): number => (/^[1-9]\d{0,9}$/.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : 0);

export function cartRoutes({ commerce }: ApiDeps) {
  const cart = (c: Context) => commerce.carts.get(requireVisitor(c), c.get('shopper'));
  return new Hono()
    .get(
      '/shopping-carts/quantity',
      describeRoute({ summary: 'Items in the visitor cart', tag: 'Cart', response: 'CartQuantity', caller: 'visitor' }),
      async (c) => ok(c, { quantity: await commerce.carts.quantity(requireVisitor(c)) }),
    )
    .post(
      '/shopping-carts',
      describeRoute({ summary: 'Adds a SKU to the visitor cart', tag: 'Cart', response: 'CartQuantity', caller: 'visitor' }),
      validate('json', 'AddToCartRequest'),
      async (c) => {
        const body = valid<AddToCartRequest>(c, 'json');
        return ok(c, await commerce.carts.add(requireCartWriter(c), body.skuId, body.quantity));
      },
    )
    .post(
      '/shopping-carts/saveProducts',
      describeRoute({
        summary: 'Adds several SKUs at once (all or none)',
        tag: 'Cart',
        response: 'CartQuantity',
        caller: 'visitor',
      }),
      validate('json', 'SaveProductsRequest'),
      async (c) => {
        const body = valid<SaveProductsRequest>(c, 'json');
        return ok(c, await commerce.carts.addAll(requireCartWriter(c), body.items));
      },
    )
    .post(
      '/shopping-carts/skus/calculatePromotePrice',
      describeRoute({
        summary: 'Prices SKUs with the active promotions, without a cart',
        tag: 'Cart',
        response: 'PromotePrice',
        caller: 'anyone',
      }),
      validate('json', 'PromotePriceRequest'),
      async (c) => {
        const { items } = valid<PromotePriceRequest>(c, 'json');
        return ok(c, await commerce.carts.price(items, c.get('shopper')));
      },
    )
    .get(
      '/multicurrency/shopping-carts',
      describeRoute({
        summary: 'The visitor cart, priced with promotions and hints; sold-out lines taken out',
        tag: 'Cart',
        response: 'Cart',
        caller: 'visitor',
      }),
      async (c) => ok(c, await cart(c)),
    )
    .post(
      '/multicurrency/shopping-carts/:id',
      describeRoute({
        summary: "Sets a line's quantity (1 to the stock); answers the cart",
        tag: 'Cart',
        response: 'Cart',
        caller: 'visitor',
      }),
      validate('json', 'UpdateCartLineRequest'),
      async (c) => {
        await commerce.carts.setQuantity(requireCartWriter(c), lineId(c), valid<UpdateCartLineRequest>(c, 'json').quantity);
        return ok(c, await cart(c));
      },
    )
    .post(
      '/multicurrency/general/coupon',
      describeRoute({
        summary: 'Puts a discount code on the cart (400: none or not valid; 5005: minimum spend not reached); answers the cart',
        tag: 'Cart',
        response: 'Cart',
        caller: 'anyone',
        visitorWhen: 'to put the code on the cart (no checkoutToken)',
      }),
      validate('json', 'CouponRequest'),
      async (c) => {
        const { code, checkoutToken } = valid<CouponRequest>(c, 'json');
        // In the checkout the code goes on the checkout (the summary answers); on the cart page, on the cart.
        if (checkoutToken) return ok(c, await commerce.checkouts.applyCoupon(checkoutToken, code, c.get('shopper')));
        return ok(c, await commerce.carts.applyCoupon(requireCartWriter(c), code, c.get('shopper')));
      },
    )
    .delete(
      '/coupon',
      describeRoute({
        summary: 'Takes the discount code off; answers the cart',
        tag: 'Cart',
        response: 'Cart',
        caller: 'anyone',
        visitorWhen: 'to take the code off the cart (no checkoutToken)',
      }),
      validate('query', 'CouponRemoveQuery'),
      async (c) => {
        const { checkoutToken } = valid<CouponRemoveQuery>(c, 'query');
        if (checkoutToken) {
          return ok(c, await commerce.checkouts.removeCoupon(checkoutToken, c.get('shopper')));
        }
        await commerce.carts.removeCoupon(requireCartWriter(c));
        return ok(c, await cart(c));
      },
    )
    .post(
      '/shopping-carts/gift',
      describeRoute({
        summary:
          'Picks the free gift (400: not a gift; 5005: spend not reached; 5003: sold out; 5004: the cart has one); answers the cart',
        tag: 'Cart',
        response: 'Cart',
        caller: 'visitor',
      }),
      validate('json', 'GiftRequest'),
      async (c) => {
        await commerce.carts.addGift(requireCartWriter(c), valid<GiftRequest>(c, 'json').skuId, c.get('shopper').baseCurrency);
        return ok(c, await cart(c));
      },
    )
    .delete(
      '/shopping-carts/gift/:id',
      describeRoute({
        summary: 'Takes the free gift (its SKU id) out, idempotently; answers the cart',
        tag: 'Cart',
        response: 'Cart',
        caller: 'visitor',
      }),
      async (c) => {
        await commerce.carts.removeGift(requireCartWriter(c), giftSkuId(c));
        return ok(c, await cart(c));
      },
    )
    .delete(
      '/multicurrency/shopping-carts/:id',
      describeRoute({ summary: 'Takes a line out; answers the cart', tag: 'Cart', response: 'Cart', caller: 'visitor' }),
      async (c) => {
        await commerce.carts.remove(requireCartWriter(c), lineId(c));
        return ok(c, await cart(c));
      },
    );
}
