// Cart calls of spec section 7 needed while browsing: add to cart, the cart count, the cart itself.
import { Hono } from 'hono';
import type { AddToCartRequest } from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { requestCurrency, requestLocale, visitorId } from './request-context';
import { parseBody } from './validate';

export function cartRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .get('/shopping-carts/quantity', async (c) => ok(c, { quantity: await commerce.carts.quantity(visitorId(c)) }))
    .post('/shopping-carts', async (c) => {
      const body = await parseBody<AddToCartRequest>(c, 'AddToCartRequest');
      return ok(c, await commerce.carts.add(visitorId(c), body.skuId, body.quantity));
    })
    .get('/multicurrency/shopping-carts', async (c) => {
      const { currency, base } = await requestCurrency(c, commerce);
      return ok(c, await commerce.carts.get(visitorId(c), requestLocale(c), currency, base));
    });
}
