// Express checkout (spec section 7: POST api/paymentStrategy/{paymentMethod}/shippingInfo, signed like
// every payment-strategy call): the wallet's sheet hands the shop the payer's address and e-mail; they
// are saved on the checkout, the cheapest way of shipping there is chosen, and the checkout comes back
// with its totals (server/commerce/checkout/express-shipping.ts). 7005 for a method the shop does not
// take, 7007 for one that is not an express wallet.
import { Hono } from 'hono';
import type { Checkout, ExpressShippingInfoRequest } from '../../schemas/generated/api';
import { expressShippingInfo } from '../commerce/checkout/express-shipping';
import { ShopError } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { methodFor } from '../payments/method-use';
import { ok } from './envelope';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

export function expressRoutes({ commerce, payments, origin }: ApiDeps) {
  const signed = signedPayment(commerce.paymentRequests, origin);
  return new Hono().post(
    '/paymentStrategy/:paymentMethod/shippingInfo',
    describeRoute({
      summary:
        "Express checkout: saves the wallet's address and e-mail on the checkout, chooses the cheapest shipping there, answers the checkout with its totals (5007: no shipping to that country)",
      tag: 'Payment',
      response: 'Checkout',
      caller: 'anyone',
    }),
    signed,
    validate('json', 'ExpressShippingInfoRequest'),
    async (c) => {
      const code = c.req.param('paymentMethod');
      const { checkoutToken } = valid<ExpressShippingInfoRequest>(c, 'json');
      const funnel = await commerce.checkouts.funnelOf(checkoutToken);
      const method = await methodFor(payments.method, code, funnel === null ? 'shop' : 'funnel');
      if (method.type !== 'EXPRESS') throw new ShopError('paymentMethodError', `${method.code} is not an express wallet.`);
      return ok<Checkout>(
        c,
        await expressShippingInfo(commerce.checkouts, valid<ExpressShippingInfoRequest>(c, 'json'), c.get('shopper')),
      );
    },
  );
}
