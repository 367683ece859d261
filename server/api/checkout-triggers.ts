// The merchant's checkout triggers (issue 29): which products of a shop order lead to which one-click
// offers after the shop's own checkout. Validated by CheckoutTriggerRequest (shape), then against the
// shop (server/commerce/shop-offers/trigger-store.ts: products, pages, discount codes), each error a
// JSON pointer into the body; nothing is saved when any is wrong.
import { Hono } from 'hono';
import type { CheckoutTrigger, CheckoutTriggerRequest } from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { idParam } from './id-param';
import { valid, validate } from './validate';

export function checkoutTriggerRoutes({ commerce }: ApiDeps) {
  const { triggers } = commerce;
  return new Hono()
    .get(
      '/site-checkout-triggers',
      describeRoute({
        summary: 'The checkout triggers, in the order they are tried, each with the figures of its offers',
        tag: 'Checkout (merchant)',
        response: 'CheckoutTrigger[]',
        caller: 'merchant',
      }),
      async (c) => ok<CheckoutTrigger[]>(c, await triggers.list()),
    )
    .post(
      '/site-checkout-triggers',
      describeRoute({
        summary:
          'Adds a checkout trigger: the products whose purchase leads to a one-click upsell (and downsell) after the checkout',
        tag: 'Checkout (merchant)',
        response: 'CheckoutTrigger',
        caller: 'merchant',
      }),
      validate('json', 'CheckoutTriggerRequest'),
      async (c) => ok<CheckoutTrigger>(c, await triggers.create(valid<CheckoutTriggerRequest>(c, 'json'))),
    )
    .get(
      '/site-checkout-triggers/:id',
      describeRoute({
        summary: 'One checkout trigger (404: none)',
        tag: 'Checkout (merchant)',
        response: 'CheckoutTrigger',
        caller: 'merchant',
      }),
      async (c) => ok<CheckoutTrigger>(c, await triggers.get(idParam(c.req.param('id')))),
    )
    .put(
      '/site-checkout-triggers/:id',
      describeRoute({
        summary: 'Replaces a checkout trigger (offers shown already keep what they were shown with)',
        tag: 'Checkout (merchant)',
        response: 'CheckoutTrigger',
        caller: 'merchant',
      }),
      validate('json', 'CheckoutTriggerRequest'),
      async (c) =>
        ok<CheckoutTrigger>(c, await triggers.replace(idParam(c.req.param('id')), valid<CheckoutTriggerRequest>(c, 'json'))),
    )
    .delete(
      '/site-checkout-triggers/:id',
      describeRoute({
        summary: 'Removes a checkout trigger (404: none); answers the triggers left',
        tag: 'Checkout (merchant)',
        response: 'CheckoutTrigger[]',
        caller: 'merchant',
      }),
      async (c) => {
        await triggers.remove(idParam(c.req.param('id')));
        return ok<CheckoutTrigger[]>(c, await triggers.list());
      },
    );
}
