// The merchant's side of returns (issue 25): the returns to handle, moving one (requested → approved or
// rejected, approved → received, received → refunded: the refund through the order's payment), and
// marking a paid order sent, after which its buyer may ask to return it.
import { Hono } from 'hono';
import type {
  FulfillmentAnswer,
  FulfillmentRequest,
  MerchantReturn,
  ReturnMove,
  ReturnsQuery,
} from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { idParam } from './id-param';
import { ok } from './envelope';
import { valid, validate } from './validate';

export function returnRoutes({ commerce }: ApiDeps) {
  const { returns } = commerce.customers;
  return new Hono()
    .get(
      '/returns',
      describeRoute({
        summary: 'Returns in a status (all unless told), newest first, a page at a time',
        tag: 'Customer (merchant)',
        response: 'MerchantReturn[]',
        caller: 'merchant',
      }),
      validate('query', 'ReturnsQuery'),
      async (c) => {
        const { returns: found, total } = await returns.list(valid<ReturnsQuery>(c, 'query'));
        c.header('X-Total-Count', String(total));
        return ok<MerchantReturn[]>(c, found);
      },
    )
    .get(
      '/returns/:id',
      describeRoute({
        summary: 'One return (404: none)',
        tag: 'Customer (merchant)',
        response: 'MerchantReturn',
        caller: 'merchant',
      }),
      async (c) => ok<MerchantReturn>(c, await returns.get(idParam(c.req.param('id')))),
    )
    .put(
      '/returns/:id',
      describeRoute({
        summary:
          'Moves a return; `refunded` gives the money back through the order’s payment (6012: not from its status; 6013: the provider failed, try again)',
        tag: 'Customer (merchant)',
        response: 'MerchantReturn',
        caller: 'merchant',
      }),
      validate('json', 'ReturnMove'),
      async (c) => ok<MerchantReturn>(c, await returns.move(idParam(c.req.param('id')), valid<ReturnMove>(c, 'json'))),
    )
    .put(
      '/orders/:orderNumber/fulfillment',
      describeRoute({
        summary: 'Marks a paid order fulfilled, shipped or delivered (only forward; 5010: none)',
        tag: 'Orders (merchant)',
        response: 'FulfillmentAnswer',
        caller: 'merchant',
      }),
      validate('json', 'FulfillmentRequest'),
      async (c) =>
        ok<FulfillmentAnswer>(
          c,
          await commerce.orders.fulfil(c.req.param('orderNumber') ?? '', valid<FulfillmentRequest>(c, 'json').status),
        ),
    );
}
