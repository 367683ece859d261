// The signed-in customer's orders (spec section 7 "Customer": GET api/customer/orders and
// api/customer/orders/{orderId}), the claiming of guest orders placed with a proven address, and the
// customer's return requests. Every call answers only for the customer's own orders: another customer's
// order id is "no such order" (5010), exactly as an id that names nothing.
import { Hono, type Context } from 'hono';
import type {
  ClaimableOrders,
  ClaimCodeRequest,
  ClaimOrdersRequest,
  CustomerOrder,
  CustomerOrderPage,
  CustomerOrdersQuery,
  NewReturnRequest,
  OrdersClaimed,
  ReturnRequest,
} from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { idParam } from './id-param';
import { ok } from './envelope';
import { requireCustomer } from './request-context';
import { valid, validate } from './validate';

const CODE_NOTICE = 'If this address can be used, we have sent a code to it: enter it to claim its orders.';

export function customerOrderRoutes({ commerce }: ApiDeps) {
  const { orders, returns } = commerce.customers;
  const orderId = (c: Context) => idParam(c.req.param('orderId'));
  return new Hono()
    .get(
      '/customer/orders',
      describeRoute({
        summary: "The signed-in customer's orders, newest first, a page at a time",
        tag: 'Customer',
        response: 'CustomerOrderPage',
        caller: 'customer',
      }),
      validate('query', 'CustomerOrdersQuery'),
      async (c) => ok<CustomerOrderPage>(c, await orders.list(requireCustomer(c).id, valid<CustomerOrdersQuery>(c, 'query'))),
    )
    .get(
      '/customer/orders/claimable',
      describeRoute({
        summary: "How many guest orders placed with the account's own (proven) address may be claimed",
        tag: 'Customer',
        response: 'ClaimableOrders',
        caller: 'customer',
      }),
      async (c) => ok<ClaimableOrders>(c, { count: await orders.claimable(requireCustomer(c).id) }),
    )
    .post(
      '/customer/orders/claim',
      describeRoute({
        summary:
          "Claims guest orders: `{}` those of the account's own address, `{ email, code }` those of another address with the code mailed to it (6003)",
        tag: 'Customer',
        response: 'OrdersClaimed',
        caller: 'customer',
      }),
      validate('json', 'ClaimOrdersRequest'),
      async (c) => {
        const customer = requireCustomer(c);
        const { email, code } = valid<ClaimOrdersRequest>(c, 'json');
        const claimed =
          email !== undefined && code !== undefined
            ? await orders.claimWithCode(customer.id, email, code)
            : await orders.claim(customer.id);
        return ok<OrdersClaimed>(c, { claimed });
      },
    )
    .post(
      '/customer/orders/claim/code',
      describeRoute({
        summary:
          'Mails a six-digit code to another address of the customer, to claim its guest orders (the same answer for any address)',
        tag: 'Customer',
        response: 'AccountNotice',
        caller: 'customer',
      }),
      validate('json', 'ClaimCodeRequest'),
      async (c) => {
        const { email } = valid<ClaimCodeRequest>(c, 'json');
        await orders.sendClaimCode(requireCustomer(c).id, email);
        return c.json({ code: 200, message: CODE_NOTICE, data: { email: email.trim() } });
      },
    )
    .get(
      '/customer/orders/:orderId',
      describeRoute({
        summary: "One of the customer's orders, as its thank-you page shows it, with its returns (5010: none)",
        tag: 'Customer',
        response: 'CustomerOrder',
        caller: 'customer',
      }),
      async (c) => ok<CustomerOrder>(c, await orders.get(requireCustomer(c).id, orderId(c), c.get('shopper').locale)),
    )
    .get(
      '/customer/orders/:orderId/returns',
      describeRoute({
        summary: "The returns of one of the customer's orders, newest first (5010: no such order)",
        tag: 'Customer',
        response: 'ReturnRequest[]',
        caller: 'customer',
      }),
      async (c) => ok<ReturnRequest[]>(c, await returns.ofOrder(requireCustomer(c).id, orderId(c))),
    )
    .post(
      '/customer/orders/:orderId/returns',
      describeRoute({
        summary:
          'Asks to return items of a paid, sent order (5010: no such order; 6010: not returnable; 6011: more than may be returned)',
        tag: 'Customer',
        response: 'ReturnRequest',
        caller: 'customer',
      }),
      validate('json', 'NewReturnRequest'),
      async (c) =>
        ok<ReturnRequest>(c, await returns.request(requireCustomer(c).id, orderId(c), valid<NewReturnRequest>(c, 'json')), 201),
    );
}
