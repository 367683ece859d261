// Cart calls of spec section 7 needed while browsing: add to cart, the cart count, the cart itself.
import { Hono } from 'hono';
import type { AddToCartRequest } from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { requireVisitor } from './request-context';
import { valid, validate } from './validate';

export function cartRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .get('/shopping-carts/quantity', async (c) => ok(c, { quantity: await commerce.carts.quantity(requireVisitor(c)) }))
    .post('/shopping-carts', validate('json', 'AddToCartRequest'), async (c) => {
      const body = valid<AddToCartRequest>(c, 'json');
      return ok(c, await commerce.carts.add(requireVisitor(c), body.skuId, body.quantity));
    })
    .get('/multicurrency/shopping-carts', async (c) =>
      ok(c, await commerce.carts.get(requireVisitor(c), c.get('locale'), c.get('currency'), c.get('baseCurrency'))),
    );
}
